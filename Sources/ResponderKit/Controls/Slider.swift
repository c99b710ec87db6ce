/// A value chosen along a track, drawn `━━━━●─────`: UIKit's `UISlider`.
///
/// Pressing on the track moves the thumb there, dragging follows the touch. With
/// ``isContinuous`` (the default) every change during the drag adds
/// ``ControlEvents/valueChanged`` to that phase's dispatch; otherwise one valueChanged goes
/// out with the touch's end (or cancel) if the value changed at all. When first responder,
/// Left and Right step by ``keyIncrement``, Home and End jump to the ends; each change sends
/// valueChanged. Setting ``value`` in code sends nothing.
@MainActor
open class Slider: Control {
  /// Creates a slider.
  public init(frame: Rect = .zero, value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 1) {
    self.bounded = BoundedValue(value: value, minimum: minimumValue, maximum: maximumValue)
    super.init(frame: frame)
  }

  private var bounded: BoundedValue

  /// The value, always within ``minimumValue``…``maximumValue``.
  open var value: Double {
    get { bounded.value }
    set { if bounded.setValue(newValue) { setNeedsDisplay() } }
  }

  /// The low end; raising it above the value moves the value up.
  open var minimumValue: Double {
    get { bounded.minimum }
    set {
      bounded.setMinimum(newValue)
      setNeedsDisplay()
    }
  }

  /// The high end; lowering it below the value moves the value down.
  open var maximumValue: Double {
    get { bounded.maximum }
    set {
      bounded.setMaximum(newValue)
      setNeedsDisplay()
    }
  }

  /// Whether valueChanged goes out during a drag (true) or only when the touch ends.
  open var isContinuous = true

  /// How far Left and Right move the value; nil means a tenth of the range.
  open var keyIncrement: Double? {
    didSet { keyIncrement = keyIncrement?.normalizedDistance }
  }

  /// Enabled sliders take the keyboard focus.
  open override var canBecomeFirstResponder: Bool { isEnabled }

  private var changedDuringTouch = false
  /// Whether the tracked touch came down on the thumb.
  private var trackingBeganOnThumb = false

  /// The value at a column of the track: the first column is the minimum, the last the
  /// maximum.
  public func value(atColumn column: Double) -> Double {
    let last = max(1, bounds.width - 1)
    let fraction = min(max(column.normalizedCellValue.rounded(.down) - bounds.minX, 0), last) / last
    return minimumValue + fraction * (maximumValue - minimumValue)
  }

  /// The column of the thumb for the current value.
  public var thumbColumn: Int {
    let range = maximumValue - minimumValue
    guard range > 0 else { return 0 }
    let last = max(0, Int(cells: bounds.width) - 1)
    return Int(cells: ((value - minimumValue) / range * Double(last)).rounded())
  }

  private func follow(_ touch: Touch) {
    let old = value
    value = value(atColumn: touch.location(in: self).x)
    guard value != old else { return }
    if isContinuous {
      queueActions(for: .valueChanged)
    } else {
      changedDuringTouch = true
    }
  }

  /// Refuses another view's pan or swipe that would take a drag starting on the thumb along
  /// the track, so the slider tracks it: UIKit's `UISlider`, which
  /// `UIView.gestureRecognizerShouldBegin(_:)` names as preventing "swipes parallel to the
  /// slider's travel direction and that start in the thumb". A recognizer attached to the
  /// slider itself is not refused.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard gestureRecognizer.view !== self,
      gestureRecognizer is PanGestureRecognizer || gestureRecognizer is SwipeGestureRecognizer
    else { return true }
    return !gestureRecognizer.trackedTouches.contains(where: isDragAlongTrackFromThumb)
  }

  /// Whether `touch` began on this slider's thumb and has moved more along the track than
  /// across it (a row counting two columns, as for every gesture distance).
  private func isDragAlongTrackFromThumb(_ touch: Touch) -> Bool {
    guard touch.view === self else { return false }
    // While tracking, the thumb has followed the touch: where it was at touch-down counts.
    let onThumb = isTracking ? trackingBeganOnThumb : isOnThumb(convert(fromScreen: touch.startLocation))
    guard onThumb else { return false }
    let along = abs(touch.screenLocation.x - touch.startLocation.x)
    let across = abs(touch.screenLocation.y - touch.startLocation.y) * 2
    return along > across
  }

  /// Whether a point of this view is in the thumb's column.
  private func isOnThumb(_ point: Point) -> Bool {
    Int(cells: (point.x - bounds.minX).rounded(.down)) == thumbColumn
  }

  /// Moves the thumb to the touch.
  open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
    changedDuringTouch = false
    trackingBeganOnThumb = isOnThumb(touch.location(in: self))
    follow(touch)
    return true
  }

  /// Moves the thumb with the touch.
  open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
    follow(touch)
    return true
  }

  /// A non-continuous slider reports its change now.
  open override func endTracking(_ touch: Touch?, with event: Event?) {
    reportDeferredChange()
  }

  /// A non-continuous slider reports its change now: the value stays where the drag left it.
  open override func cancelTracking(with event: Event?) {
    reportDeferredChange()
  }

  private func reportDeferredChange() {
    if changedDuringTouch { queueActions(for: .valueChanged) }
    changedDuringTouch = false
  }

  /// Sets the value (clamped to the range); with `notifyingTargets` it does so as the user
  /// does, sending ``ControlEvents/valueChanged`` when the value changed.
  open func setValue(_ newValue: Double, notifyingTargets: Bool) {
    let old = value
    value = newValue
    if notifyingTargets, value != old { sendActions(for: .valueChanged) }
  }

  private var step: Double { keyIncrement ?? (maximumValue - minimumValue) / 10 }

  /// Left, Right, Home and End move the value.
  open override class var actionTable: ActionTable { sliderActions }
  private static let sliderActions = ActionTable(Slider.self, inheriting: Control.actionTable) {
    $0.add(.moveLeft) { slider in slider.setValue(slider.value - slider.step, notifyingTargets: true) }
    $0.add(.moveBackward) { slider in slider.setValue(slider.value - slider.step, notifyingTargets: true) }
    $0.add(.moveRight) { slider in slider.setValue(slider.value + slider.step, notifyingTargets: true) }
    $0.add(.moveForward) { slider in slider.setValue(slider.value + slider.step, notifyingTargets: true) }
    $0.add(.moveToBeginningOfLine) { slider in slider.setValue(slider.minimumValue, notifyingTargets: true) }
    $0.add(.moveToEndOfLine) { slider in slider.setValue(slider.maximumValue, notifyingTargets: true) }
  }

  /// Only while enabled.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    isEnabled && super.canPerformAction(action, withSender: sender)
  }

  /// Draws the track on the middle row: filled up to the thumb in the tint colour, thin after
  /// it; the thumb takes the state's style (reversed while dragged or focused).
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let theme = theme
    let tint: Color = tintColor
    var thumbState = state
    if isTracking { thumbState.insert(.highlighted) }
    let thumbStyle = theme.style(for: thumbState, accent: tint)
    let filledStyle = theme.style(for: isEnabled ? .normal : .disabled, accent: tint)
    let style = theme.style(for: isEnabled ? .normal : .disabled)
    let y = max(0, (Int(cells: bounds.height) - 1) / 2)
    let thumb = thumbColumn
    for x in canvas.visibleColumns(0..<Int(cells: bounds.width)) {
      if x == thumb {
        canvas.put(Cell("●", style: thumbStyle), x: x, y: y)
      } else {
        canvas.put(x < thumb ? Cell("━", style: filledStyle) : Cell("─", style: style), x: x, y: y)
      }
    }
  }
}
