import Foundation
import ResponderKit

/// TouchLab's Gestures screen: one area carrying a tap, a double tap, a long press, a pan, a
/// swipe, a pinch and a rotation recognizer, and a live log of every state change, with each
/// gesture's values. It observes the recognizers' states (``GestureRecognizer/observeState(_:)``,
/// as a UIKit app would with KVO), so the log shows `failed` and `cancelled`, which send no
/// action or are easy to miss, beside what targets are told.
///
/// The single tap requires the double tap to fail, as in UIKit, so a lone click shows up only
/// once the double-tap interval has passed, and a hold is a long press and no tap. The moving
/// gestures may recognize together (the delegate says so), so one drag shows the pan and the
/// swipe side by side and two fingers the pinch and the rotation. Two-finger gestures come from
/// `--replay` recordings.
@MainActor
final class GestureLabViewController: ViewController, GestureRecognizerDelegate {
  let log = EventLog()
  let area = GestureAreaView()

  let tap = TapGestureRecognizer()
  let doubleTap = TapGestureRecognizer()
  let longPress = LongPressGestureRecognizer()
  let pan = PanGestureRecognizer()
  let swipe = SwipeGestureRecognizer()
  let pinch = PinchGestureRecognizer()
  let rotation = RotationGestureRecognizer()

  private var observations: [GestureRecognizer.StateObservation] = []
  private let logView: EventLogView
  private let header = Label(style: TextStyle(attributes: .reverse))

  /// The recognizers with the names the log shows.
  var recognizers: [(name: String, recognizer: GestureRecognizer)] {
    [
      ("Tap", tap), ("DoubleTap", doubleTap), ("LongPress", longPress), ("Pan", pan), ("Swipe", swipe),
      ("Pinch", pinch), ("Rotation", rotation),
    ]
  }

  override init() {
    logView = EventLogView(log: log)
    logView.emptyText = "Each state change of a recognizer shows here, failed and cancelled too."
    super.init()
    title = "Gestures"
  }

  override func loadView() {
    let root = View()
    root.addSubview(header)
    root.addSubview(area)
    root.addSubview(logView)
    view = root
  }

  override func viewDidLoad() {
    doubleTap.numberOfTapsRequired = 2
    tap.require(toFail: doubleTap)
    swipe.direction = [.left, .right, .up, .down]
    for (_, recognizer) in recognizers {
      recognizer.delegate = self
      observations.append(
        recognizer.observeState { [weak self] recognizer, change in
          // The return to possible after every sequence would only drown the log.
          if change.newValue != .possible { self?.logChange(of: recognizer, to: change.newValue) }
        })
      area.addGestureRecognizer(recognizer)
    }
    log.didAppend = { [weak self] in self?.logView.entryAdded() }
  }

  override func viewDidLayoutSubviews() {
    let size = view.bounds.size
    let width = Int(size.width)
    let title = " TouchLab — Gestures and their states"
    let keys = "^G controls · ^L clear · F1 keys · ^Q quit "
    let gap = width - title.count - keys.count
    header.text = gap > 0 ? title + String(repeating: " ", count: gap) + keys : String(title.prefix(width))
    header.frame = Rect(x: 0, y: 0, width: size.width, height: 1)
    let areaHeight = max(3, ((size.height - 1) / 2).rounded(.down))
    area.frame = Rect(x: 0, y: 1, width: size.width, height: areaHeight)
    logView.frame = Rect(
      x: 0, y: 1 + areaHeight, width: size.width, height: max(0, size.height - 1 - areaHeight))
  }

  // MARK: Arbitration

  /// The moving gestures (pan, swipe, pinch, rotation) may recognize together; a tap or a
  /// long press excludes every other, as UIKit's default arbitration has it.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    !isPress(gestureRecognizer) && !isPress(other)
  }

  private func isPress(_ recognizer: GestureRecognizer) -> Bool {
    recognizer is TapGestureRecognizer || recognizer is LongPressGestureRecognizer
  }

  // MARK: Logging

  /// One line per state change: the state, where, and the gesture's values.
  private func logChange(of recognizer: GestureRecognizer, to newState: GestureRecognizer.State) {
    guard let name = recognizers.first(where: { $0.recognizer === recognizer })?.name else { return }
    let state = newState == .ended && !isContinuous(recognizer) ? "recognized" : "\(newState)"
    let at = recognizer.location(in: area)
    var text = "\(state) at \(format(at.x)),\(format(at.y))"
    switch recognizer {
    case let pan as PanGestureRecognizer:
      let moved = pan.translation(in: area)
      text += " translation \(format(moved.x)),\(format(moved.y))"
    case let pinch as PinchGestureRecognizer:
      text += " scale \(String(format: "%.2f", pinch.scale))"
    case let rotation as RotationGestureRecognizer:
      text += " rotation \(String(format: "%.2f", rotation.rotation)) rad"
    default: break
    }
    if recognizer.numberOfTouches > 1 { text += " (\(recognizer.numberOfTouches) touches)" }
    log.append(.init(control: name, kind: .gesture, text: text))
  }

  private func isContinuous(_ recognizer: GestureRecognizer) -> Bool {
    !(recognizer is TapGestureRecognizer || recognizer is SwipeGestureRecognizer)
  }

  private func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }
}
