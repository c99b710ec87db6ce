import Foundation
import ResponderKit

extension Action {
  /// The button's primary action.
  static let buttonPressed = Action("buttonPressed")
  /// The switch flipped.
  static let switchFlipped = Action("switchFlipped")
  /// The continuous slider moved.
  static let sliderMoved = Action("sliderMoved")
  /// The stepper stepped.
  static let stepperStepped = Action("stepperStepped")
  /// The segmented control chose a segment.
  static let segmentChosen = Action("segmentChosen")
  /// Return in the text field.
  static let textEntered = Action("textEntered")
  /// Empty the log (Control+L).
  static let clearLog = Action("clearLog")
  /// Switch between the controls screen and the Gestures screen (Control+G).
  static let toggleGestures = Action("toggleGestures")
}

/// TouchLab's screen: every standard control on the upper half, and a live log of every
/// control-event dispatch, every action delivered (to which target, found how) and every
/// action dropped on the lower half, above the application's action trace (``TraceView``).
///
/// Each control has a closure action for ``Control/Event/allEvents`` registered first, which
/// logs the dispatch mask; then its target-action registrations, some with an explicit target
/// (this controller, a ``SliderObserver``), some with a nil target that the responder chain
/// resolves to this controller, and one (Ghost) whose target was deallocated.
@MainActor
final class LabViewController: ViewController {
  let log = EventLog()

  let button = Button(title: "Press me")
  let lightSwitch = Switch(title: "Lights")
  let continuousSlider = Slider(value: 0.4)
  let steppedSlider = Slider(value: 5, minimumValue: 0, maximumValue: 10)
  let stepper = Stepper(value: 3, minimumValue: 0, maximumValue: 10)
  let segments = SegmentedControl(items: ["One", "Two", "Three"])
  let textField = TextField(placeholder: "type here")
  let ghostButton = Button(title: "Ghost")
  let sliderObserver = SliderObserver()
  /// The Gestures screen, presented over this one with Control+G.
  let gestureLab = GestureLabViewController()
  /// The action trace of each touch and key, below the log.
  let traceView = TraceView()

  private let logView: EventLogView
  private let header = Label(style: TextStyle(attributes: .reverse))
  private var rows: [(name: String, control: Control, value: Label, note: Label)] = []
  private var names: [ObjectIdentifier: String] = [:]
  private var dropObserver: NotificationObservation?

  override init() {
    logView = EventLogView(log: log)
    super.init()
    title = "TouchLab"
  }

  /// The row of each control: its name, the control, a value readout and what it is wired to.
  private var controlRows: [(String, Control, String)] {
    [
      ("Button", button, "→ nil target (responder chain)"),
      ("Switch", lightSwitch, "→ LabViewController (explicit)"),
      ("Slider A", continuousSlider, "continuous → nil target (chain)"),
      ("Slider B", steppedSlider, "on release → SliderObserver (explicit)"),
      ("Stepper", stepper, "→ nil target (responder chain)"),
      ("Segments", segments, "→ LabViewController (explicit)"),
      ("TextField", textField, "Return → nil target (chain)"),
      ("Ghost", ghostButton, "→ GhostTarget (deallocated)"),
    ]
  }

  override func loadView() {
    // Named for the action trace, which shows a view by its type and identifier; a button
    // goes by its title there.
    let root = View()
    root.identifier = "lab"
    root.addSubview(header)
    for (name, control, note) in controlRows {
      let nameLabel = Label(text: name, style: TextStyle(attributes: .bold))
      nameLabel.identifier = name
      if !(control is Button) { control.identifier = name }
      let value = Label()
      let noteLabel = Label(text: note, style: TextStyle(attributes: .dim))
      root.addSubview(nameLabel)
      root.addSubview(control)
      root.addSubview(value)
      root.addSubview(noteLabel)
      rows.append((name, control, value, noteLabel))
      nameLabel.tag = rows.count
      names[ObjectIdentifier(control)] = name
    }
    root.addSubview(logView)
    root.addSubview(traceView)
    view = root
  }

  /// The control widths: sliders get room to drag, the rest their natural size.
  private func width(of control: Control) -> Double {
    switch control {
    case is Slider: return 16
    case is TextField: return 16
    case let segmented as SegmentedControl: return segmented.sizeThatFits(.zero).width
    default: return control.sizeThatFits(.zero).width
    }
  }

  override func viewDidLayoutSubviews() {
    layout(view)
  }

  private func layout(_ root: View) {
    let size = root.bounds.size
    header.frame = Rect(x: 0, y: 0, width: size.width, height: 1)
    header.text = fit(
      " TouchLab — controls and the events they send", "^G gestures · F1 keys · ^Q quit ",
      width: Int(size.width))
    for (index, row) in rows.enumerated() {
      let y = Double(2 + index)
      root.viewWithTag(index + 1)?.frame = Rect(x: 1, y: y, width: 10, height: 1)
      row.control.frame = Rect(x: 12, y: y, width: width(of: row.control), height: 1)
      row.value.frame = Rect(x: 35, y: y, width: 6, height: 1)
      row.note.frame = Rect(x: 42, y: y, width: max(0, size.width - 42), height: 1)
    }
    let top = Double(3 + rows.count)
    // The log and the trace share the rest of the screen; the trace, whose entries run
    // longer, gets the larger half.
    let rest = max(0, size.height - top)
    let logHeight = (rest / 2).rounded(.down)
    logView.frame = Rect(x: 0, y: top, width: size.width, height: logHeight)
    traceView.frame = Rect(x: 0, y: top + logHeight, width: size.width, height: rest - logHeight)
    if presentedViewController != nil { gestureLab.view.frame = root.bounds }
  }

  private func fit(_ left: String, _ right: String, width: Int) -> String {
    let gap = width - left.count - right.count
    return gap > 0 ? left + String(repeating: " ", count: gap) + right : String(left.prefix(width))
  }

  override func viewDidLoad() {
    continuousSlider.isContinuous = true
    steppedSlider.isContinuous = false
    steppedSlider.keyIncrement = 1
    segments.selectedSegmentIndex = 0
    for (_, control, _) in controlRows {
      // First registration: the event logger, for every event, so its line comes first.
      control.addAction(
        ControlAction(title: "log") { [weak self] action in self?.logDispatch(action) }, for: .allEvents)
    }
    button.addTarget(nil, action: .buttonPressed, for: .primaryActionTriggered)
    lightSwitch.addTarget(self, action: .switchFlipped, for: .valueChanged)
    continuousSlider.addTarget(nil, action: .sliderMoved, for: .valueChanged)
    steppedSlider.addTarget(sliderObserver, action: .sliderSettled, for: .valueChanged)
    stepper.addTarget(nil, action: .stepperStepped, for: .valueChanged)
    segments.addTarget(self, action: .segmentChosen, for: .valueChanged)
    textField.addTarget(nil, action: .textEntered, for: .primaryActionTriggered)
    // Registered with a target nobody keeps: it is gone when this statement ends.
    ghostButton.addTarget(GhostTarget(), action: .ghostTapped, for: .primaryActionTriggered)

    sliderObserver.received = { [weak self] action, sender, target in
      self?.logDelivery(action, sender: sender, target: target)
    }
    log.didAppend = { [weak self] in self?.logView.entryAdded() }
    // The pointer, live: entering and leaving each control (hover), and the log's context menu.
    for (name, control, _) in controlRows {
      control.addTrackingArea(
        TrackingArea(
          rect: .zero, options: [.mouseEnteredAndExited, .activeInKeyWindow, .inVisibleRect], owner: self,
          userInfo: ["name": name]))
    }
    logView.contextMenu = Menu(title: "Log", items: [MenuItem(title: "Clear Log", action: .clearLog)])
    dropObserver = NotificationCenter.default.addMainActorObserver(
      forName: Application.didDropActionNotification
    ) { [weak self] notification in
      let action = notification.userInfo?[Application.actionUserInfoKey] as? Action
      let sender = (notification.userInfo?[Application.senderUserInfoKey] as AnyObject?)
      self?.logDrop(action, senderID: sender.map(ObjectIdentifier.init))
    }
    updateValues()
  }

  // MARK: The pointer: the other buttons reach the lab up the responder chain from the view
  // under the pointer (controls have no context menu); the controls' tracking areas are its.

  override func rightMouseDown(with event: Event) { logPointer("right down", event) }
  override func rightMouseUp(with event: Event) { logPointer("right up", event) }
  override func otherMouseDown(with event: Event) {
    logPointer("button \(event.mouse?.buttonNumber ?? 0) down", event)
  }
  override func otherMouseUp(with event: Event) {
    logPointer("button \(event.mouse?.buttonNumber ?? 0) up", event)
  }
  override func mouseEntered(with event: Event) { logHover("entered", event) }
  override func mouseExited(with event: Event) { logHover("exited", event) }

  private func logPointer(_ what: String, _ event: Event) {
    guard let location = event.mouse?.location else { return }
    let mods = event.modifierFlags.isEmpty ? "" : " (\(event.modifierFlags))"
    let over = controlRows.first {
      $0.1.window != nil && $0.1.frame.contains($0.1.superview?.convert(fromScreen: location) ?? location)
    }
    let place = over.map { " over \($0.0)" } ?? ""
    log.append(
      .init(
        control: "Pointer", kind: .pointer,
        text: "\(what) at \(Int(location.x)),\(Int(location.y))\(mods)\(place)"))
  }

  private func logHover(_ what: String, _ event: Event) {
    guard let name = event.trackingArea?.userInfo?["name"] as? String else { return }
    log.append(.init(control: "Pointer", kind: .pointer, text: "\(what) \(name)"))
  }

  /// The lab takes focus at launch, so its key commands work before any control has it.
  override var canBecomeFirstResponder: Bool { true }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand(title: "Gestures", input: "g", modifierFlags: .control, action: .toggleGestures),
      KeyCommand(title: "Clear Log", input: "l", modifierFlags: .control, action: .clearLog),
      KeyCommand(title: "Quit", input: "q", modifierFlags: .control, action: .terminate),
    ]
  }

  override class var actionTable: ActionTable {
    .declared(by: self) {
      for action in [
        Action.buttonPressed, .switchFlipped, .sliderMoved, .stepperStepped, .segmentChosen, .textEntered,
      ] {
        $0.add(action) { lab, sender in lab.received(action, from: sender) }
      }
      // The lab stays first responder under the Gestures screen, so it handles both screens' keys.
      $0.add(.clearLog) { lab in
        if lab.presentedViewController == nil {
          lab.log.clear()
          lab.traceView.clear()
        } else {
          lab.gestureLab.log.clear()
        }
      }
      $0.add(.toggleGestures) { lab in
        if lab.presentedViewController == nil {
          lab.present(lab.gestureLab)
        } else {
          lab.gestureLab.dismiss()
        }
      }
    }
  }

  // MARK: Logging

  private func name(of sender: Any?) -> String {
    guard let object = sender as AnyObject? else { return "?" }
    return names[ObjectIdentifier(object)] ?? String(describing: type(of: object))
  }

  /// The closure action registered for every event: one line per dispatch, with the mask.
  private func logDispatch(_ action: ControlAction) {
    guard let sender = action.sender else { return }
    log.append(.init(control: name(of: sender), kind: .events, text: "\(action.controlEvents)"))
  }

  private func received(_ action: Action, from sender: Any?) {
    logDelivery(action, sender: sender, target: self)
    updateValues()
  }

  /// One line per delivered action: who received it and whether the control named it as its
  /// target or left the target nil for the responder chain to find.
  private func logDelivery(_ action: Action, sender: Any?, target: AnyObject) {
    // Only an action target can be a control's explicit target.
    let named = (target as? any ActionTarget).flatMap {
      (sender as? Control)?.actions(forTarget: $0, forControlEvent: .allEvents)
    }
    let explicit = named?.contains(action) ?? false
    let how = explicit ? "explicit" : "via responder chain"
    log.append(
      .init(
        control: name(of: sender), kind: .action,
        text: "\(action) → target: \(type(of: target)) (\(how))"))
    updateValues()
  }

  private func logDrop(_ action: Action?, senderID: ObjectIdentifier?) {
    guard let senderID, let control = names[senderID] else { return }
    log.append(
      .init(
        control: control, kind: .drop,
        text: "\(action.map { "\($0)" } ?? "action") dropped: target is gone (didDropActionNotification)"))
  }

  /// The value readouts beside the controls.
  private func updateValues() {
    for row in rows {
      switch row.control {
      case let control as Switch: row.value.text = control.isOn ? "on" : "off"
      case let control as Slider:
        row.value.text =
          control.maximumValue > 1
          ? String(format: "%.0f", control.value) : String(format: "%.2f", control.value)
      case let control as Stepper: row.value.text = String(format: "%.0f", control.value)
      case let control as SegmentedControl:
        row.value.text = control.titleForSegment(at: control.selectedSegmentIndex) ?? "—"
      default: break
      }
    }
  }
}
