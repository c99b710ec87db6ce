/// A random number generator that plays back the fuzzer's bytes, so a generator driven by it
/// explores what the mutator explores. Past the end it continues with a generator seeded by
/// the length: not zeros, which `random(in:)`'s rejection sampling would reject forever.
struct ByteStream: RandomNumberGenerator {
  private let bytes: [UInt8]
  private var offset = 0
  private var rest: SeededGenerator

  init(_ bytes: some Sequence<UInt8>) {
    self.bytes = Array(bytes)
    rest = SeededGenerator(seed: UInt64(self.bytes.count))
  }

  mutating func next() -> UInt64 {
    guard offset + 8 <= bytes.count else { return rest.next() }
    defer { offset += 8 }
    return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
  }
}

/// SplitMix64: a seeded generator, so a property test that fails names a seed that repeats it.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator that always gives the same numbers for the same seed.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number.
  public mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
