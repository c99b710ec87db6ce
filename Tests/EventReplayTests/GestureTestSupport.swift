import Foundation
import ResponderKit

@testable import EventReplay

extension Action {
  static let gesture = Action("test.gesture")
  static let controlPressed = Action("test.controlPressed")
  static let controlCancelled = Action("test.controlCancelled")
  static let controlChanged = Action("test.controlChanged")
}

/// The order things happened in: views' touch calls, recognizers' actions, controls' events.
@MainActor
final class GestureLog {
  var entries: [String] = []
}

/// A view that logs the touch calls it gets: `V.began`, or `V.cancelled[2]` for two touches.
final class LoggingTouchView: View {
  let name: String
  let log: GestureLog
  init(_ name: String, frame: Rect, log: GestureLog) {
    self.name = name
    self.log = log
    super.init(frame: frame)
  }
  private func note(_ phase: String, _ touches: Set<Touch>) {
    log.entries.append("\(name).\(phase)" + (touches.count > 1 ? "[\(touches.count)]" : ""))
  }
  override func touchesBegan(_ touches: Set<Touch>, with event: Event) { note("began", touches) }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event) { note("moved", touches) }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event) { note("ended", touches) }
  override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { note("cancelled", touches) }
}

/// A recognizer's target: logs `name.state` for each action, with extra detail if asked.
final class GestureProbe: Responder {
  let name: String
  let log: GestureLog
  var detail: ((GestureRecognizer) -> String)?
  init(_ name: String, log: GestureLog, detail: ((GestureRecognizer) -> String)? = nil) {
    self.name = name
    self.log = log
    self.detail = detail
    super.init()
  }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(GestureProbe.self, inheriting: Responder.actionTable) {
    $0.add(.gesture) { probe, sender in
      guard let recognizer = sender as? GestureRecognizer else { return }
      probe.log.entries.append(
        "\(probe.name).\(recognizer.state)" + (probe.detail.map { " " + $0(recognizer) } ?? ""))
    }
    $0.add(.controlPressed) { probe in probe.log.entries.append("\(probe.name).touchUpInside") }
    $0.add(.controlCancelled) { probe in probe.log.entries.append("\(probe.name).touchCancel") }
    $0.add(.controlChanged) { probe in probe.log.entries.append("\(probe.name).valueChanged") }
  }
}

/// A delegate that implements every method, each answer settable, and logs the questions it
/// is asked.
final class GestureDelegateStub: GestureRecognizerDelegate {
  var simultaneous = false
  var shouldBegin = true
  var shouldReceive = true
  /// The recognizer the delegated one waits for, and the one that waits for it.
  weak var requiresFailureOf: GestureRecognizer?
  weak var requiredToFailBy: GestureRecognizer?
  /// The questions asked, in order, without repeats.
  var asked: [String] = []
  private func note(_ question: String) {
    if !asked.contains(question) { asked.append(question) }
  }
  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    note("shouldBegin")
    return shouldBegin
  }
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    note("shouldRecognizeSimultaneously")
    return simultaneous
  }
  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    note("shouldReceive")
    return shouldReceive
  }
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  ) -> Bool {
    note("shouldRequireFailure")
    return other === requiresFailureOf
  }
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool {
    note("shouldBeRequiredToFail")
    return other === requiredToFailBy
  }
}

/// An application on the headless driver with one logging view `V` filling a 40×12 screen.
@MainActor
final class GestureScene {
  let app = Application()
  let window = Window()
  let log = GestureLog()
  let view: LoggingTouchView
  let driver: HeadlessDriver
  var probes: [GestureProbe] = []

  init() {
    driver = HeadlessDriver(application: app, size: Size(width: 40, height: 12))
    view = LoggingTouchView("V", frame: Rect(x: 0, y: 0, width: 40, height: 12), log: log)
    view.isMultipleTouchEnabled = true
    let root = View()
    root.addSubview(view)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
  }

  /// Attaches `recognizer` to `view` (V by default) with a probe named `name` as its target.
  /// `detail` gets the scene as an argument: a closure that captured the scene would be kept
  /// by the scene's own probe, and the whole scene would never be freed.
  @discardableResult
  func attach<R: GestureRecognizer>(
    _ recognizer: R, _ name: String, to view: View? = nil,
    detail: ((GestureRecognizer, GestureScene) -> String)? = nil
  ) -> R {
    let probe = GestureProbe(
      name, log: log, detail: detail.map { detail in { [unowned self] in detail($0, self) } })
    probes.append(probe)
    recognizer.addTarget(probe, action: .gesture)
    (view ?? self.view).addGestureRecognizer(recognizer)
    return recognizer
  }

  private var observations: [GestureRecognizer.StateObservation] = []

  /// Logs each state change of `recognizer` as its observers see it: `name→failed`.
  func observe(_ recognizer: GestureRecognizer, _ name: String, withClock: Bool = false) {
    observations.append(
      recognizer.observeState { [log, unowned self] _, change in
        log.entries.append("\(name)→\(change.newValue)" + (withClock ? " " + self.clock : ""))
      })
  }

  /// `@0.51`: the virtual clock, for showing when a deadline fired.
  var clock: String { String(format: "@%.2f", driver.now) }

  func touch(_ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double) -> TouchSample {
    TouchSample(id: id, phase: phase, location: Point(x: x, y: y))
  }
}

/// `(8, 0)` with at most two decimals.
func cells(_ point: Point) -> String {
  "(\(short(point.x)), \(short(point.y)))"
}

func short(_ value: Double) -> String {
  let rounded = (value * 100).rounded() / 100
  return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}
