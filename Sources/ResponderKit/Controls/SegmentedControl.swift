/// A row of mutually exclusive choices, drawn ` One |[Two]| Three `: UIKit's
/// `UISegmentedControl`.
///
/// The selected segment is drawn in brackets and reverse video. A tap that goes down and up
/// on the same segment selects it, adding ``ControlEvents/valueChanged`` to the touch-up
/// dispatch when the selection changed. When first responder, Left and Right move the
/// selection (no wrap) and send valueChanged. Setting ``selectedSegmentIndex`` in code sends
/// nothing.
@MainActor
open class SegmentedControl: Control {
  /// Refuses an ancestor's one-finger single tap, so a tap on the control reaches its own
  /// tracking, as UIKit's standard controls do.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    !refusesTap(of: gestureRecognizer)
  }

  /// The index meaning "no segment selected".
  public static let noSegment = -1

  /// Creates a segmented control with one segment per title and none selected; the frame's
  /// size defaults to fit them.
  public init(frame: Rect? = nil, items: [String] = []) {
    titles = items
    super.init(frame: frame ?? .zero)
    if frame == nil { self.frame.size = sizeThatFits(.zero) }
  }

  /// The segment titles, left to right.
  public private(set) var titles: [String] {
    didSet { setNeedsDisplay() }
  }

  /// How many segments there are.
  public var numberOfSegments: Int { titles.count }

  /// The selected segment, or ``noSegment``. Out-of-range values select nothing.
  open var selectedSegmentIndex: Int = SegmentedControl.noSegment {
    didSet {
      if !titles.indices.contains(selectedSegmentIndex) { selectedSegmentIndex = SegmentedControl.noSegment }
      if selectedSegmentIndex != oldValue { setNeedsDisplay() }
    }
  }

  /// The title of a segment, nil when out of range.
  public func titleForSegment(at index: Int) -> String? {
    titles.indices.contains(index) ? titles[index] : nil
  }

  /// Renames a segment; out-of-range indices are ignored.
  public func setTitle(_ title: String, forSegmentAt index: Int) {
    guard titles.indices.contains(index) else { return }
    titles[index] = title
  }

  /// Inserts a segment (the index is clamped to the ends); the selection stays on the same
  /// segment.
  public func insertSegment(withTitle title: String, at index: Int) {
    let index = max(0, min(index, titles.count))
    titles.insert(title, at: index)
    if selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
  }

  /// Removes a segment; removing the selected one selects nothing.
  public func removeSegment(at index: Int) {
    guard titles.indices.contains(index) else { return }
    let selected = selectedSegmentIndex
    titles.remove(at: index)
    if selected == index {
      selectedSegmentIndex = SegmentedControl.noSegment
    } else if selected > index {
      selectedSegmentIndex = selected - 1
    }
  }

  /// Removes every segment.
  public func removeAllSegments() {
    titles = []
    selectedSegmentIndex = SegmentedControl.noSegment
  }

  /// Each segment's columns: ` title ` plus a `|` separator after all but the last.
  public var segmentRanges: [Range<Int>] {
    var ranges: [Range<Int>] = []
    var x = 0
    for title in titles {
      let width = TextLayout.width(of: title) + 2
      ranges.append(x..<(x + width))
      x += width + 1
    }
    return ranges
  }

  /// The segment at a point in the control's coordinates (a separator belongs to the segment
  /// on its left), or nil.
  public func segmentIndex(at point: Point) -> Int? {
    let column = Int(cells: (point.x - bounds.minX).rounded(.down))
    for (index, range) in segmentRanges.enumerated()
    where column >= range.lowerBound && column <= range.upperBound {
      return index
    }
    return nil
  }

  private var pressedSegment: Int?

  /// Enabled segmented controls with segments take the keyboard focus.
  open override var canBecomeFirstResponder: Bool { isEnabled && !titles.isEmpty }

  /// Remembers the segment pressed.
  open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
    pressedSegment = segmentIndex(at: touch.location(in: self))
    setNeedsDisplay()
    return pressedSegment != nil
  }

  /// Selects the pressed segment if the touch lifts on it.
  open override func endTracking(_ touch: Touch?, with event: Event?) {
    defer {
      pressedSegment = nil
      setNeedsDisplay()
    }
    guard let touch, isTouchInside, let pressed = pressedSegment,
      segmentIndex(at: touch.location(in: self)) == pressed, pressed != selectedSegmentIndex
    else { return }
    selectedSegmentIndex = pressed
    queueActions(for: .valueChanged)
  }

  /// Forgets the pressed segment.
  open override func cancelTracking(with event: Event?) {
    pressedSegment = nil
    setNeedsDisplay()
  }

  /// Moves the selection by `offset` segments as the user would (clamped at the ends; with
  /// nothing selected, Right selects the first and Left the last); sends valueChanged if it
  /// changed.
  open func moveSelection(by offset: Int) {
    guard isEnabled, !titles.isEmpty else { return }
    let old = selectedSegmentIndex
    if old == SegmentedControl.noSegment {
      selectedSegmentIndex = offset > 0 ? 0 : titles.count - 1
    } else {
      selectedSegmentIndex = max(0, min(titles.count - 1, old + offset))
    }
    if selectedSegmentIndex != old { sendActions(for: .valueChanged) }
  }

  /// Left and Right move the selection.
  open override class var actionTable: ActionTable { segmentedActions }
  private static let segmentedActions = ActionTable(SegmentedControl.self, inheriting: Control.actionTable) {
    $0.add(.moveLeft) { control in control.moveSelection(by: -1) }
    $0.add(.moveRight) { control in control.moveSelection(by: 1) }
  }

  /// Only while enabled.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    isEnabled && super.canPerformAction(action, withSender: sender)
  }

  /// All segments side by side.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: segmentRanges.last?.upperBound ?? 0, height: 1)
  }

  /// Draws the segments; the selected one in brackets and reversed in the theme's selection
  /// colour (its focus colour while the control is focused), the pressed one highlighted.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let theme = theme
    let tint: Color = tintColor
    let base = theme.style(for: isEnabled ? .normal : .disabled)
    let y = max(0, (Int(cells: bounds.height) - 1) / 2)
    for (index, range) in segmentRanges.enumerated() {
      let selected = index == selectedSegmentIndex
      var segmentState: State = isEnabled ? [] : .disabled
      if index == pressedSegment, isHighlighted { segmentState.insert(.highlighted) }
      if selected { segmentState.formUnion(isFirstResponder ? [.selected, .focused] : .selected) }
      let style = theme.style(for: segmentState, accent: tint)
      let text = selected ? "[\(titles[index])]" : " \(titles[index]) "
      canvas.draw(text, x: range.lowerBound, y: y, style: style)
      if index < titles.count - 1 { canvas.draw("|", x: range.upperBound, y: y, style: base) }
    }
  }
}
