/// One Linux `struct input_event` as read from `/dev/input/event*`: a timestamp, a type,
/// a code and a value.
///
/// The layout is the kernel's for the running architecture: `struct timeval` (two `long`s)
/// then `__u16 type`, `__u16 code`, `__s32 value`, 24 bytes on x86_64, native byte order.
public struct EvdevRecord: Hashable, Sendable {
  /// The size of one record in bytes.
  public static let size = 2 * MemoryLayout<Int>.size + 8
  /// `EV_SYN`, the end of a batch of changes.
  public static let synchronization: UInt16 = 0
  /// `EV_KEY`, a key or button.
  public static let key: UInt16 = 1

  /// Seconds of the event time.
  public var seconds: Int
  /// Microseconds of the event time.
  public var microseconds: Int
  /// The event type (`EV_KEY` is 1).
  public var type: UInt16
  /// The code (`KEY_A` is 30 for `EV_KEY`).
  public var code: UInt16
  /// The value (for `EV_KEY`: 0 release, 1 press, 2 repeat).
  public var value: Int32

  /// Creates a record.
  public init(seconds: Int = 0, microseconds: Int = 0, type: UInt16, code: UInt16, value: Int32) {
    self.seconds = seconds
    self.microseconds = microseconds
    self.type = type
    self.code = code
    self.value = value
  }

  /// Reads a record from its first ``size`` bytes, or nil when there are fewer: the bytes come
  /// from outside (a device or a file), so a short read is an answer, not a crash.
  public init?(bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= EvdevRecord.size, let start = bytes.baseAddress else { return nil }
    self.init(at: start)
  }

  /// Reads a record from ``size`` bytes at `start`, which the caller has checked are there.
  @inline(__always)
  init(at start: UnsafeRawPointer) {
    let word = MemoryLayout<Int>.size
    seconds = start.loadUnaligned(fromByteOffset: 0, as: Int.self)
    microseconds = start.loadUnaligned(fromByteOffset: word, as: Int.self)
    type = start.loadUnaligned(fromByteOffset: 2 * word, as: UInt16.self)
    code = start.loadUnaligned(fromByteOffset: 2 * word + 2, as: UInt16.self)
    value = start.loadUnaligned(fromByteOffset: 2 * word + 4, as: Int32.self)
  }

  /// The record's bytes, as the kernel writes them.
  public var bytes: [UInt8] {
    [UInt8](unsafeUninitializedCapacity: EvdevRecord.size) { buffer, count in
      store(to: UnsafeMutableRawPointer(buffer.baseAddress!))
      count = EvdevRecord.size
    }
  }

  /// Writes the record's ``size`` bytes at `start`, as ``init(at:)`` reads them.
  func store(to start: UnsafeMutableRawPointer) {
    let word = MemoryLayout<Int>.size
    start.storeBytes(of: seconds, toByteOffset: 0, as: Int.self)
    start.storeBytes(of: microseconds, toByteOffset: word, as: Int.self)
    start.storeBytes(of: type, toByteOffset: 2 * word, as: UInt16.self)
    start.storeBytes(of: code, toByteOffset: 2 * word + 2, as: UInt16.self)
    start.storeBytes(of: value, toByteOffset: 2 * word + 4, as: Int32.self)
  }

  /// The time in seconds.
  public var timestamp: Double { Double(seconds) + Double(microseconds) / 1_000_000 }
}
