/// The numbers of one control sequence: up to ``capacity`` numbers in `;`-separated fields
/// of `:`-separated sub-parameters, stored inline so decoding never allocates.
struct CSIParameters {
  /// The most numbers a sequence may hold (``InputParser/maxParameterCount``).
  static let capacity = 32
  /// A number too large for any field; range checks reject it.
  static let saturated: Int32 = 999_999_999

  /// The numbers in order; -1 for an empty one.
  private var values:
    (
      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
      Int32, Int32
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  /// Where each field starts in `values`; `starts[fieldCount]` is the number count.
  private var starts:
    (
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  /// The number of fields.
  private(set) var fieldCount = 0

  /// Reads `p[0..<n]`, parameter bytes only (0x30…0x3f). False when a byte is misplaced or
  /// there are more than ``capacity`` numbers.
  mutating func read(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    readPrefix(p, n) == n
  }

  /// Reads the parameter bytes (digits, `:` and `;`) at the start of `p[0..<n]` and returns
  /// how many there were: the index of the first other byte, or `n`. Nil when there are more
  /// than ``capacity`` numbers. One pass, so a sequence's numbers are read as it is scanned.
  @inline(__always)
  mutating func readPrefix(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
    fieldCount = 0
    return withUnsafeMutableBytes(of: &values) { valueBytes in
      withUnsafeMutableBytes(of: &starts) { startBytes in
        let values = valueBytes.bindMemory(to: Int32.self)
        let starts = startBytes.bindMemory(to: UInt8.self)
        var count = 0
        var fields = 0
        var value: Int32
        starts[0] = 0
        var end = 0
        while true {
          // One number: its digits, or none (an empty number, -1). Digits are read in a loop of
          // their own, the bulk of a sequence's bytes.
          value = -1
          if end < n && p[end] &- 0x30 < 10 {
            value = Int32(p[end] &- 0x30)
            end += 1
            while end < n {
              let digit = p[end] &- 0x30
              guard digit < 10 else { break }
              value = value >= 99_999_999 ? CSIParameters.saturated : value &* 10 &+ Int32(digit)
              end += 1
            }
          }
          guard end < n, p[end] == 0x3a || p[end] == 0x3b else { break }
          guard count < CSIParameters.capacity - 1 else { return nil }
          values[count] = value
          count += 1
          if p[end] == 0x3b {
            fields += 1
            starts[fields] = UInt8(count)
          }
          end += 1
        }
        guard end > 0 else { return 0 }
        values[count] = value
        count += 1
        fields += 1
        starts[fields] = UInt8(count)
        fieldCount = fields
        return end
      }
    }
  }

  // The accessors are `mutating` only so the tuples are read in place, not copied.

  /// The number of numbers in a field (0 when the field is absent).
  @inline(__always)
  mutating func count(inField field: Int) -> Int {
    guard field < fieldCount else { return 0 }
    return withUnsafeBytes(of: &starts) { bytes in
      Int(bytes[field + 1]) - Int(bytes[field])
    }
  }

  /// A number, nil when absent or empty.
  @inline(__always)
  mutating func value(_ field: Int, _ sub: Int = 0) -> Int? {
    guard field < fieldCount else { return nil }
    let index: Int? = withUnsafeBytes(of: &starts) { bytes in
      let start = Int(bytes[field])
      return start + sub < Int(bytes[field + 1]) ? start + sub : nil
    }
    guard let index else { return nil }
    let value = withUnsafeBytes(of: &values) { $0.load(fromByteOffset: index * 4, as: Int32.self) }
    return value < 0 ? nil : Int(value)
  }
}
