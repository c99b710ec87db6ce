/// Panes side by side (or one above the other) with a one-cell divider between each pair, the
/// user moving the dividers: AppKit's `NSSplitView`.
///
/// ```swift
/// let split = SplitView(arrangedSubviews: [sidebar, content])  // side by side
/// split.delegate = self  // minimum widths, a sidebar that keeps its width
/// split.setPosition(24, ofDividerAt: 0)
/// ```
///
/// The panes share the split view's length equally until a divider is moved. Pressing on a
/// divider and dragging moves it; so do the arrow keys along the axis while the split view is
/// first responder (it joins the key view loop; the arrows across the axis pick the divider,
/// Home and End move it to its minimum and maximum). Every move, by the user or by
/// ``setPosition(_:ofDividerAt:)``, goes through the delegate's minimum and maximum and may
/// collapse a pane the delegate lets collapse, as AppKit's does. When the split view itself
/// changes size the difference goes to the panes the delegate lets adjust, in proportion to
/// their sizes (to the last pane when none may); collapsed panes stay collapsed.
@MainActor
open class SplitView: View {
  /// Creates a split view of `views`, side by side when `isVertical` (AppKit's default: the
  /// dividers are vertical lines).
  public init(frame: Rect = .zero, arrangedSubviews views: [View] = [], isVertical: Bool = true) {
    self.isVertical = isVertical
    super.init(frame: frame)
    for view in views { addArrangedSubview(view) }
  }

  /// Whether the panes are side by side with vertical dividers (true) or stacked with
  /// horizontal ones: AppKit's `isVertical`.
  open var isVertical: Bool {
    didSet { if isVertical != oldValue { resetPaneSizes() } }
  }

  /// Told about moves and resizes, asked for limits. Held weakly.
  public weak var delegate: (any SplitViewDelegate)?

  /// The panes, in order along the axis; each is also a subview.
  public private(set) var arrangedSubviews: [View] = []

  /// Pane lengths along the axis, in cells; nil until the first layout shares the room.
  private var lengths: [Int]?
  /// The divider the keys move, and the one drawn as focused.
  public private(set) var selectedDividerIndex = 0
  /// The divider a press landed on, while it is dragged.
  private var draggedDivider: Int?

  /// Adds a pane at the end.
  public func addArrangedSubview(_ view: View) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Inserts a pane at `index` (clamped); the panes share the room equally again.
  public func insertArrangedSubview(_ view: View, at index: Int) {
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
    if view.superview !== self { addSubview(view) }
    resetPaneSizes()
  }

  /// Takes a pane out; it stays a subview, as a stack view's does. The rest share the room
  /// equally again.
  public func removeArrangedSubview(_ view: View) {
    guard arrangedSubviews.contains(where: { $0 === view }) else { return }
    arrangedSubviews.removeAll { $0 === view }
    resetPaneSizes()
  }

  /// A pane removed from the subviews leaves the arrangement too.
  open override func willRemoveSubview(_ subview: View) {
    super.willRemoveSubview(subview)
    removeArrangedSubview(subview)
  }

  private func resetPaneSizes() {
    lengths = nil
    selectedDividerIndex = min(selectedDividerIndex, max(0, arrangedSubviews.count - 2))
    setNeedsLayout()
    setNeedsDisplay()
  }

  /// The split view's length along its axis.
  private var axisLength: Int { max(0, Int(cells: isVertical ? bounds.width : bounds.height)) }

  /// Room for panes: the length less one cell per divider.
  private var paneRoom: Int { max(0, axisLength - max(0, arrangedSubviews.count - 1)) }

  /// Pane lengths now, sharing the room equally the first time.
  private var currentLengths: [Int] {
    if let lengths, lengths.count == arrangedSubviews.count { return lengths }
    return StackView.share(paneRoom, weights: arrangedSubviews.map { _ in 1 })
  }

  /// The coordinate of divider `index` for the given lengths.
  private func position(ofDivider index: Int, in lengths: [Int]) -> Int {
    lengths[0...index].reduce(index, +)
  }

  /// Whether `subview` is a pane that takes no room (collapsed by a move past its minimum).
  public func isSubviewCollapsed(_ subview: View) -> Bool {
    guard let index = arrangedSubviews.firstIndex(where: { $0 === subview }) else { return false }
    return currentLengths[index] == 0 && arrangedSubviews.count > 1
  }

  /// Moves divider `dividerIndex` to `position` (in this view's coordinates along the axis),
  /// as if the user dragged it there: the delegate's minimum and maximum apply and a pane it
  /// lets collapse may collapse. Non-finite positions follow the geometry rule; an index with
  /// no divider does nothing.
  open func setPosition(_ position: Double, ofDividerAt dividerIndex: Int) {
    move(divider: dividerIndex, to: position, byUser: false)
  }

  /// Applies the limits to a proposed position and sets the two panes around the divider.
  private func move(divider index: Int, to proposed: Double, byUser: Bool) {
    guard index >= 0, index < arrangedSubviews.count - 1, paneRoom > 0 else { return }
    var lengths = currentLengths
    let start = index == 0 ? 0 : position(ofDivider: index - 1, in: lengths) + 1
    let end = start + lengths[index] + 1 + lengths[index + 1]  // one past the next pane
    var target = proposed.normalizedCellValue
    if byUser, let delegate {
      target =
        delegate.splitView(self, constrainSplitPosition: target, ofSubviewAt: index).normalizedCellValue
    }
    var minimum = Double(start)
    var maximum = Double(end - 1)
    if let delegate {
      minimum =
        delegate.splitView(self, constrainMinCoordinate: minimum, ofSubviewAt: index).normalizedCellValue
      maximum =
        delegate.splitView(self, constrainMaxCoordinate: maximum, ofSubviewAt: index).normalizedCellValue
    }
    // The limits never leave the two panes, and a maximum under the minimum loses.
    minimum = min(max(minimum, Double(start)), Double(end - 1))
    maximum = min(max(maximum, minimum), Double(end - 1))
    let before = arrangedSubviews[index]
    let after = arrangedSubviews[index + 1]
    // Past a limit by more than half the room it keeps, a pane the delegate lets go
    // collapses (AppKit collapses once the drag passes half the minimum size).
    if target < minimum {
      let collapse =
        target <= (Double(start) + minimum) / 2
        && delegate?.splitView(self, canCollapseSubview: before) == true
      target = collapse ? Double(start) : minimum
    } else if target > maximum {
      let collapse =
        target >= (Double(end - 1) + maximum) / 2
        && delegate?.splitView(self, canCollapseSubview: after) == true
      target = collapse ? Double(end - 1) : maximum
    }
    let newPosition = Int(cells: target.rounded(.down))
    let newBefore = newPosition - start
    let newAfter = end - 1 - newPosition
    guard newBefore != lengths[index] || newAfter != lengths[index + 1] || self.lengths == nil else { return }
    lengths[index] = newBefore
    lengths[index + 1] = newAfter
    apply(lengths)
  }

  /// Sets the lengths and the panes' frames, telling the delegate. With no room yet the
  /// lengths are not kept, so the panes share the room equally once there is some.
  private func apply(_ newLengths: [Int]) {
    delegate?.splitViewWillResizeSubviews(self)
    lengths = paneRoom > 0 ? newLengths : nil
    placePanes(newLengths)
    setNeedsDisplay()
    delegate?.splitViewDidResizeSubviews(self)
  }

  private func placePanes(_ lengths: [Int]) {
    var offset = 0
    let cross = max(0, Int(cells: isVertical ? bounds.height : bounds.width))
    for (pane, length) in zip(arrangedSubviews, lengths) {
      pane.frame =
        isVertical
        ? Rect(x: offset, y: 0, width: length, height: cross)
        : Rect(x: 0, y: offset, width: cross, height: length)
      offset += length + 1
    }
  }

  /// Fits the panes to the split view's length: the first time by sharing it equally, later
  /// by giving the difference to the panes the delegate lets adjust.
  open override func layoutSubviews() {
    super.layoutSubviews()
    guard !arrangedSubviews.isEmpty else { return }
    guard var lengths, lengths.count == arrangedSubviews.count else {
      apply(currentLengths)
      return
    }
    let difference = paneRoom - lengths.reduce(0, +)
    if difference != 0 {
      let open = arrangedSubviews.indices.filter { lengths[$0] > 0 || arrangedSubviews.count == 1 }
      var takers = open.filter {
        delegate?.splitView(self, shouldAdjustSizeOfSubview: arrangedSubviews[$0]) ?? true
      }
      if takers.isEmpty { takers = [open.last ?? arrangedSubviews.count - 1] }
      var left = difference
      // Shrinking may take a pane to zero; what it could not give comes from the next.
      while left != 0, !takers.isEmpty {
        let shares = StackView.share(left, weights: takers.map { max(1, lengths[$0]) })
        for (taker, share) in zip(takers, shares) {
          let new = max(0, lengths[taker] + share)
          left -= new - lengths[taker]
          lengths[taker] = new
        }
        takers.removeAll { lengths[$0] == 0 }
        if left < 0, takers.isEmpty {
          takers = arrangedSubviews.indices.filter { lengths[$0] > 0 }.reversed()
        }
      }
      apply(lengths)
    } else {
      placePanes(lengths)
    }
  }

  // MARK: Drawing

  /// Draws the dividers: thin lines, the selected one reversed while the split view has focus.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    guard arrangedSubviews.count > 1 else { return }
    let lengths = currentLengths
    let cross = max(0, Int(cells: isVertical ? bounds.height : bounds.width))
    for index in 0..<(arrangedSubviews.count - 1) {
      let at = position(ofDivider: index, in: lengths)
      let focused = isFirstResponder && index == selectedDividerIndex || draggedDivider == index
      let style = theme.style(for: focused ? .focused : .normal, accent: theme.secondaryText)
      let cell = Cell(isVertical ? "│" : "─", style: style)
      // Only the visible cells: a split view may be 2³⁰ cells long.
      if isVertical {
        for y in canvas.visibleRows(0..<cross) { canvas.put(cell, x: at, y: y) }
      } else {
        for x in canvas.visibleColumns(0..<cross) { canvas.put(cell, x: x, y: at) }
      }
    }
  }

  // MARK: Mouse

  /// The divider at `point` (this view's coordinates), if any.
  private func divider(at point: Point) -> Int? {
    guard arrangedSubviews.count > 1 else { return nil }
    let along = Int(cells: (isVertical ? point.x : point.y).rounded(.down))
    let lengths = currentLengths
    return (0..<(arrangedSubviews.count - 1)).first { position(ofDivider: $0, in: lengths) == along }
  }

  /// A press on a divider starts dragging it.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first, let index = divider(at: touch.location(in: self)) else {
      super.touchesBegan(touches, with: event)
      return
    }
    draggedDivider = index
    selectedDividerIndex = index
    setNeedsDisplay()
  }

  /// The dragged divider follows the pointer.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard let index = draggedDivider, let touch = touches.first else {
      super.touchesMoved(touches, with: event)
      return
    }
    let point = touch.location(in: self)
    move(divider: index, to: (isVertical ? point.x : point.y).rounded(.down), byUser: true)
  }

  /// The drag ends where the pointer let go.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard draggedDivider != nil else {
      super.touchesEnded(touches, with: event)
      return
    }
    touchesMoved(touches, with: event)
    draggedDivider = nil
    setNeedsDisplay()
  }

  /// A cancelled drag leaves the divider where it got to.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    guard draggedDivider != nil else {
      super.touchesCancelled(touches, with: event)
      return
    }
    draggedDivider = nil
    setNeedsDisplay()
  }

  // MARK: Keys

  /// A split view with a divider takes the keyboard focus, so its dividers can be moved
  /// without a mouse.
  open override var canBecomeFirstResponder: Bool { arrangedSubviews.count > 1 }

  /// Focus shows on the selected divider.
  open override func didBecomeFirstResponder() {
    super.didBecomeFirstResponder()
    setNeedsDisplay()
  }

  /// Focus leaves the divider.
  open override func didResignFirstResponder() {
    super.didResignFirstResponder()
    setNeedsDisplay()
  }

  /// Moves the selected divider by `delta` cells, through the delegate as a drag does.
  private func nudge(by delta: Int) {
    let index = selectedDividerIndex
    guard index < arrangedSubviews.count - 1 else { return }
    move(divider: index, to: Double(position(ofDivider: index, in: currentLengths) + delta), byUser: true)
  }

  private func moveToLimit(last: Bool) {
    move(
      divider: selectedDividerIndex, to: last ? .maximumCellCoordinate : -.maximumCellCoordinate, byUser: true
    )
  }

  private func selectDivider(by delta: Int) {
    let next = selectedDividerIndex + delta
    guard next >= 0, next < arrangedSubviews.count - 1 else { return }
    selectedDividerIndex = next
    setNeedsDisplay()
  }

  /// Arrows along the axis move the selected divider a cell; across it they select the
  /// previous or next divider; Home and End move it to its limits.
  open override class var actionTable: ActionTable { splitActions }
  private static let splitActions = ActionTable(SplitView.self, inheriting: View.actionTable) {
    $0.add(.moveLeft) { split in split.isVertical ? split.nudge(by: -1) : split.selectDivider(by: -1) }
    $0.add(.moveRight) { split in split.isVertical ? split.nudge(by: 1) : split.selectDivider(by: 1) }
    $0.add(.moveUp) { split in split.isVertical ? split.selectDivider(by: -1) : split.nudge(by: -1) }
    $0.add(.moveDown) { split in split.isVertical ? split.selectDivider(by: 1) : split.nudge(by: 1) }
    $0.add(.moveToBeginningOfLine) { split in split.moveToLimit(last: false) }
    $0.add(.moveToEndOfLine) { split in split.moveToLimit(last: true) }
  }
}
