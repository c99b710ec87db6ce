import Foundation
import InputFuzzers
import Testing

/// Every public numeric input of the four modules, derived from their symbol graphs, has a
/// census entry (Tests/Fuzzers/Targets/Census), and every entry, given each hostile value its
/// type allows in a live app, survives the events that follow and gives its documented answer
/// (README, "Reliability").
@Suite("Numeric API census")
@MainActor
struct NumericAPICensusTests {
  @Test func everyPublicNumericInputHasACensusEntry() throws {
    let api = try PublicNumericAPI.extracted()
    let covered = Set(Census.entries.map(\.key))
    let listed = Set(api.keys)
    let missing = api.keys.filter { !covered.contains($0) }
    let stale = Census.entries.map(\.key).filter { !listed.contains($0) }
    #expect(
      missing.isEmpty,
      """
      \(missing.count) public numeric input(s) have no census entry. Add each to the table of its \
      module's file in Tests/Fuzzers/Targets/Census (key exactly as below, its answer, a probe that \
      hands it the value in the stage and reads it back):
      \(missing.map { "  \"\($0)\"" }.joined(separator: "\n"))
      """)
    #expect(stale.isEmpty, "census entries naming no public input (remove or rename them): \(stale)")
    #expect(Set(Census.entries.map(\.key)).count == Census.entries.count, "a key has two entries")
    #expect(api.keys.count > 300, "the symbol graphs gave only \(api.keys.count) inputs")
  }

  // The limits guard against a hang, not a speed: the census shares the main actor with every
  // other main-actor test of a parallel run (about 10 s alone in a debug build, 150 s in a whole
  // run on 2 cores), and AddressSanitizer's build is about three times slower again.
  #if ADDRESS_SANITIZER
    nonisolated static let runLimit = TimeLimitTrait.Duration.minutes(10)
    nonisolated static let caseLimit = 8.0
  #else
    nonisolated static let runLimit = TimeLimitTrait.Duration.minutes(5)
    nonisolated static let caseLimit = 2.0
  #endif

  @Test(.timeLimit(Self.runLimit)) func everyEntryGivesItsAnswerToEveryHostileValue() {
    var problems: [String] = []
    var values = 0
    var slowest = (key: "", seconds: 0.0)
    // CENSUS_FROM=key starts at that entry (when chasing a trap, with CENSUS_TRACE=1).
    let from = ProcessInfo.processInfo.environment["CENSUS_FROM"] ?? ""
    for entry in Census.entries where entry.key >= from {
      for index in 0..<entry.valueCount {
        let start = Date()
        if ProcessInfo.processInfo.environment["CENSUS_TRACE"] != nil {
          FileHandle.standardError.write(Data("census: \(entry.key) [\(index)]\n".utf8))
        }
        problems += entry.check(valueAt: index)
        let seconds = Date().timeIntervalSince(start)
        if seconds > slowest.seconds { slowest = (entry.key, seconds) }
        values += 1
      }
    }
    print(
      "census: \(Census.entries.count) entries, \(values) values tried, \(problems.count) problems; "
        + "slowest case \(slowest.key) (\(String(format: "%.3f", slowest.seconds)) s)")
    #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
    #expect(slowest.seconds < Self.caseLimit, "a case took \(slowest.seconds) s: \(slowest.key)")
  }
}
