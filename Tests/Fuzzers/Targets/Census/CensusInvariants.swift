import ResponderKit

/// The census driven by libFuzzer: each input picks census entries, gives each a random value
/// (a hostile one now and then, else any bit pattern) and follows it with random events; every
/// entry must give its documented answer, survive and leave the app usable.
public enum CensusInvariants {
  /// The broken invariants for `input`, empty when all hold.
  public static func violations(_ input: [UInt8]) -> [String] {
    MainActor.assumeIsolated { check(input) }
  }

  @MainActor
  private static func check(_ input: [UInt8]) -> [String] {
    var bytes = ByteStream(input)
    var generator = SeededGenerator(seed: bytes.next())
    let entries = Census.entries
    var problems: [String] = []
    for _ in 0..<(1 + Int(bytes.next() % 3)) {
      let entry = entries[Int(bytes.next() % UInt64(entries.count))]
      problems += entry.check(randomFrom: &generator, events: Int(bytes.next() % 12))
    }
    return problems
  }
}
