import ResponderKit

/// The documented answer to a hostile value (README, "Reliability"): what reading the value
/// back must give.
struct CensusAnswer<Value: CensusValue>: Sendable {
  /// The rule in words, for failure messages.
  let rule: String
  /// The value a reading must equal for an input; nil when the entry reads nothing back
  /// (a method's argument: surviving with the app usable is its answer).
  let expected: @Sendable (Value) -> Value?

  /// Kept exactly as given: a plain value type holds its numbers, and the rule applies
  /// where the value enters a view, a screen or a host.
  static var stored: CensusAnswer { CensusAnswer(rule: "kept as given") { $0 } }

  /// Taken as an argument: no crash, no hang, the app usable after it, nothing read back.
  static var accepted: CensusAnswer { CensusAnswer(rule: "accepted, the app usable") { _ in nil } }
}

extension CensusAnswer where Value == Double {
  /// The geometry rule: NaN → 0, ±∞ and beyond ±2³⁰ → ±2³⁰.
  static var geometry: CensusAnswer {
    CensusAnswer(rule: "geometry rule") { GeometryRule.normalized($0) }
  }

  /// Clamped into `range`; NaN is `neutral`.
  static func clamped(to range: ClosedRange<Double>, nan neutral: Double) -> CensusAnswer {
    CensusAnswer(rule: "NaN → \(neutral), clamped to \(range)") {
      $0.isNaN ? neutral : min(max($0, range.lowerBound), range.upperBound)
    }
  }
}

extension CensusAnswer where Value == Int {
  /// Clamped into `range`: a count is capped, a negative one is the least it can be.
  static func clamped(to range: ClosedRange<Int>) -> CensusAnswer {
    CensusAnswer(rule: "clamped to \(range)") { min(max($0, range.lowerBound), range.upperBound) }
  }
}

extension CensusAnswer where Value == Range<Int> {
  /// Each bound clamped into `range` (a selection is clamped to the text).
  static func clamped(to range: ClosedRange<Int>) -> CensusAnswer {
    CensusAnswer(rule: "each bound clamped to \(range)") {
      let clamp = { min(max($0, range.lowerBound), range.upperBound) }
      return clamp($0.lowerBound)..<clamp($0.upperBound)
    }
  }
}

extension CensusAnswer where Value == Point {
  /// The geometry rule, each coordinate.
  static var geometry: CensusAnswer {
    CensusAnswer(rule: "geometry rule") {
      Point(x: GeometryRule.normalized($0.x), y: GeometryRule.normalized($0.y))
    }
  }
}

extension CensusAnswer where Value == Size {
  /// The geometry rule, each side.
  static var geometry: CensusAnswer {
    CensusAnswer(rule: "geometry rule") {
      Size(width: GeometryRule.normalized($0.width), height: GeometryRule.normalized($0.height))
    }
  }

  /// A screen: whole cells, 0 to `Size.maximumScreenDimension` a side.
  static var screen: CensusAnswer {
    CensusAnswer(rule: "whole cells, 0...\(Size.maximumScreenDimension)") {
      func side(_ value: Double) -> Double {
        min(max(GeometryRule.normalized(value).rounded(.down), 0), Double(Size.maximumScreenDimension))
      }
      return Size(width: side($0.width), height: side($0.height))
    }
  }
}

extension CensusAnswer where Value == Rect {
  /// The geometry rule, each coordinate and side.
  static var geometry: CensusAnswer {
    CensusAnswer(rule: "geometry rule") {
      Rect(
        x: GeometryRule.normalized($0.minX), y: GeometryRule.normalized($0.minY),
        width: GeometryRule.normalized($0.width), height: GeometryRule.normalized($0.height))
    }
  }
}

extension CensusAnswer where Value == EdgeInsets {
  /// The geometry rule, each inset.
  static var geometry: CensusAnswer {
    CensusAnswer(rule: "geometry rule") {
      EdgeInsets(
        top: GeometryRule.normalized($0.top), left: GeometryRule.normalized($0.left),
        bottom: GeometryRule.normalized($0.bottom), right: GeometryRule.normalized($0.right))
    }
  }
}

/// One line of the census: a public numeric input, named as the symbol graph names it, with
/// the probe that gives it each hostile value in a live app and the answer it must give.
///
/// A probe gets a fresh ``CensusStage`` (an application with a window, rendered) and one
/// value; it makes what the input belongs to, shows and focuses it when it is a view, hands
/// it the value and returns what reading it back gives (nil when nothing can be read). The
/// stage then sends keys, a touch, a drag, a scroll and a resize, renders, and checks the app
/// still takes typing.
public struct CensusEntry: Sendable {
  /// The input, exactly as `PublicNumericAPI` lists it.
  public let key: String
  /// The answer's rule in words.
  public let rule: String
  /// How many values the type allows.
  public let valueCount: Int
  /// Runs value number `index` (below ``valueCount``) on a stage; returns broken promises.
  let run: @MainActor @Sendable (CensusStage, Int) -> [String]
  /// Runs a random value drawn from the generator; returns broken promises.
  let runRandom: @MainActor @Sendable (CensusStage, inout SeededGenerator) -> [String]

  /// An entry for an input of type `Value`: `probe` hands it the value and returns the reading.
  init<Value: CensusValue>(
    _ key: String, _ answer: CensusAnswer<Value>,
    _ probe: @escaping @MainActor @Sendable (CensusStage, Value) -> Value?
  ) {
    self.key = key
    rule = answer.rule
    valueCount = Value.hostileValues.count
    run = { stage, index in Self.check(Value.hostileValues[index], answer, probe, on: stage) }
    runRandom = { stage, generator in
      Self.check(Value.censusRandom(using: &generator), answer, probe, on: stage)
    }
  }

  /// Hands `value` to `probe` and compares the reading with the answer.
  @MainActor private static func check<Value: CensusValue>(
    _ value: Value, _ answer: CensusAnswer<Value>, _ probe: @MainActor (CensusStage, Value) -> Value?,
    on stage: CensusStage
  ) -> [String] {
    let reading = probe(stage, value)
    var problems = stage.takeProblems()
    if let expected = answer.expected(value) {
      if let reading {
        if !reading.isSame(as: expected) {
          problems.append("\(value) read back as \(reading), the rule (\(answer.rule)) says \(expected)")
        }
      } else {
        problems.append("\(value) could not be read back (rule: \(answer.rule))")
      }
    }
    return problems
  }

  /// Value number `index` on a fresh stage, then the events, a render and the usability
  /// check; each broken promise is prefixed with the key and the value.
  @MainActor public func check(valueAt index: Int) -> [String] {
    let stage = CensusStage()
    var problems = run(stage, index)
    stage.ordeal()
    problems += stage.takeProblems()
    if let unusable = stage.unusability() { problems.append(unusable) }
    stage.finish()
    return problems.map { "\(key) [value \(index)]: \($0)" }
  }

  /// A random value on a fresh stage, then `events` random events, the ordeal and the
  /// usability check (the census fuzz target).
  @MainActor public func check(randomFrom generator: inout SeededGenerator, events: Int) -> [String] {
    let stage = CensusStage()
    var problems = runRandom(stage, &generator)
    stage.randomEvents(events, using: &generator)
    stage.ordeal()
    problems += stage.takeProblems()
    if let unusable = stage.unusability() { problems.append(unusable) }
    stage.finish()
    return problems.map { "\(key) [random]: \($0)" }
  }
}
