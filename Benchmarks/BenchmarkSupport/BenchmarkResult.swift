import Foundation

/// One figure of `make bench`: a measurement beside the baseline measured in the same run.
///
/// Every benchmark executable writes its rows to `Benchmarks/results/<group>.json` (or to
/// `$BENCH_RESULTS_DIR`); `Benchmarks/report.py` merges them into `Benchmarks/results.json` and
/// prints README's performance table from it.
public struct BenchmarkResult: Codable, Sendable {
  /// What was measured, as the table's first column says it.
  public var name: String
  /// The figure: a median of `rounds` rounds, or a count (bytes, instructions).
  public var value: Double
  /// Its unit: "ns", "µs", "bytes", "MB/s", "instructions", "MB".
  public var unit: String
  /// The baseline's name, such as "ncurses 6.4" or "lean C loop".
  public var baseline: String?
  /// The baseline's figure in the same unit, measured in the same run.
  public var baselineValue: Double?
  /// value / baselineValue.
  public var ratio: Double?
  /// The goal, in words ("≤ 1.2× the lean C path").
  public var target: String?
  /// Whether the target is met (nil when there is none).
  public var met: Bool?
  /// Rounds the median was taken over (1 for counts).
  public var rounds: Int
  /// Anything a reader needs to interpret the figure.
  public var note: String?

  /// A result; `ratio` is computed when there is a baseline figure.
  public init(
    name: String, value: Double, unit: String, baseline: String? = nil, baselineValue: Double? = nil,
    target: String? = nil, met: Bool? = nil, rounds: Int, note: String? = nil
  ) {
    self.name = name
    self.value = value
    self.unit = unit
    self.baseline = baseline
    self.baselineValue = baselineValue
    if let baselineValue, baselineValue != 0 { ratio = value / baselineValue }
    self.target = target
    self.met = met
    self.rounds = rounds
    self.note = note
  }
}

/// The median of samples (the mean of the middle two for an even count).
public func median(_ samples: [Double]) -> Double {
  precondition(!samples.isEmpty, "a median needs samples")
  let sorted = samples.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Writes a group's results for `report.py`, and says where.
public func writeResults(_ results: [BenchmarkResult], group: String) {
  let directory =
    ProcessInfo.processInfo.environment["BENCH_RESULTS_DIR"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("results").path
  let url = URL(fileURLWithPath: directory).appendingPathComponent(group + ".json")
  do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(results).write(to: url)
    print("  results: \(url.path)")
  } catch {
    print("  could not write \(url.path): \(error)")
  }
}

/// A figure with `digits` decimals.
public func formatted(_ value: Double, _ digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}

/// Monotonic wall time in nanoseconds.
public func nanoseconds() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_MONOTONIC, &t)
  return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}
