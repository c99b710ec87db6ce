/// A view that shows part of a larger content area and moves over it: UIKit's `UIScrollView`
/// in cells.
///
/// Subviews are placed in content coordinates; scrolling changes ``contentOffset`` (the
/// bounds origin), so they move without being touched. The scroll wheel, Page Up/Down and the
/// standard scroll actions move the offset; a vertical indicator may be drawn in the last
/// column when the content is taller than the view.
@MainActor
open class ScrollView: View {
  /// Creates a scroll view.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  /// The size of the content, in cells. Shrinking it pulls the offset back into range.
  open var contentSize: Size = .zero {
    didSet {
      // An extent: NaN and negatives are 0, and at most Int.max cells (a table's rows reach
      // that far, past the 2³⁰ of coordinates on screen).
      func extent(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), Double(Int.max)) }
      contentSize = Size(width: extent(contentSize.width), height: extent(contentSize.height))
      guard contentSize != oldValue else { return }
      contentOffset = clamped(contentOffset)
      setNeedsDisplay()
    }
  }

  /// The content point shown at the view's top-left corner: the bounds origin, kept between
  /// zero and ``maximumContentOffset``.
  open var contentOffset: Point {
    get { bounds.origin }
    set {
      let offset = clamped(newValue)
      guard offset != bounds.origin else { return }
      bounds.origin = offset
      didScroll()
    }
  }

  /// The largest offset: the content's far edge lines up with the view's, or the view's far
  /// edge with the last coordinate geometry keeps (2³⁰ cells) when the content is longer (a
  /// table of more rows): the bounds then still end where they say.
  public var maximumContentOffset: Point {
    Point(
      x: max(0, min(contentSize.width, .maximumCellCoordinate) - visibleContentWidth),
      y: max(0, min(contentSize.height, .maximumCellCoordinate) - bounds.height))
  }

  /// Whether a vertical scroll indicator is drawn in the last column while the content is
  /// taller than the view. The column is then not used by content (see ``visibleContentWidth``).
  open var showsVerticalScrollIndicator = false {
    didSet { if showsVerticalScrollIndicator != oldValue { setNeedsLayout() } }
  }

  /// Whether the indicator column is in use now.
  public var isShowingVerticalScrollIndicator: Bool {
    showsVerticalScrollIndicator && contentSize.height > bounds.height && bounds.width > 1
  }

  /// The width left for content: the view's width, less the indicator's column when it shows.
  public var visibleContentWidth: Double {
    bounds.width - (isShowingVerticalScrollIndicator ? 1 : 0)
  }

  /// How many rows one wheel notch or ``scrollLineDown(_:)`` moves.
  open var lineScrollAmount: Double = 1 {
    didSet { lineScrollAmount = lineScrollAmount.normalizedDistance }
  }

  /// The rows a page scroll keeps in view, so the reader does not lose their place.
  open var pageOverlap: Double = 1 {
    didSet { pageOverlap = pageOverlap.normalizedDistance }
  }

  /// The part of the content visible now, in content coordinates.
  public var visibleRect: Rect {
    Rect(origin: contentOffset, size: Size(width: visibleContentWidth, height: bounds.height))
  }

  /// Called after ``contentOffset`` changed. Override to react; the default does nothing.
  open func didScroll() {}

  /// Pulls the offset back into range after the view changed size.
  open override func layoutSubviews() {
    super.layoutSubviews()
    let offset = clamped(contentOffset)
    if offset != contentOffset { contentOffset = offset }
  }

  private func clamped(_ point: Point) -> Point {
    let limit = maximumContentOffset
    return Point(x: min(max(0, point.x), limit.x), y: min(max(0, point.y), limit.y))
  }

  /// Scrolls the least needed to bring `rect` (content coordinates) into view; when it is
  /// taller or wider than the view, its top-left corner wins.
  public func scrollRectToVisible(_ rect: Rect) {
    var offset = contentOffset
    let visible = visibleRect
    if rect.maxY > visible.maxY { offset.y = rect.maxY - visible.height }
    if rect.minY < offset.y { offset.y = rect.minY }
    if rect.maxX > visible.maxX { offset.x = rect.maxX - visible.width }
    if rect.minX < offset.x { offset.x = rect.minX }
    contentOffset = offset
  }

  // MARK: Events

  /// Scrolls by the wheel's movement; a wheel turned where the view cannot move further is
  /// passed on, so an outer scroll view can take it.
  open override func scrollWheel(with event: Event) {
    guard let scroll = event.scroll else { return super.scrollWheel(with: event) }
    let before = contentOffset
    contentOffset = Point(
      x: before.x + scroll.dx * lineScrollAmount, y: before.y + scroll.dy * lineScrollAmount)
    if contentOffset == before { super.scrollWheel(with: event) }
  }

  // MARK: Actions

  /// Scrolling actions: lines, pages, both ends.
  open override class var actionTable: ActionTable { scrollActions }

  private static let scrollActions = ActionTable(ScrollView.self, inheriting: View.actionTable) {
    $0.add(.scrollLineUp) { view, sender in view.scrollLineUp(sender) }
    $0.add(.scrollLineDown) { view, sender in view.scrollLineDown(sender) }
    $0.add(.scrollPageUp) { view, sender in view.scrollPageUp(sender) }
    $0.add(.scrollPageDown) { view, sender in view.scrollPageDown(sender) }
    $0.add(.scrollToBeginningOfDocument) { view, sender in view.scrollToBeginningOfDocument(sender) }
    $0.add(.scrollToEndOfDocument) { view, sender in view.scrollToEndOfDocument(sender) }
  }

  private var pageAmount: Double { max(1, bounds.height - pageOverlap) }

  /// Scrolls up one line.
  public func scrollLineUp(_ sender: Any?) {
    contentOffset.y -= lineScrollAmount
  }

  /// Scrolls down one line.
  public func scrollLineDown(_ sender: Any?) {
    contentOffset.y += lineScrollAmount
  }

  /// Scrolls up one page, keeping ``pageOverlap`` rows.
  public func scrollPageUp(_ sender: Any?) {
    contentOffset.y -= pageAmount
  }

  /// Scrolls down one page, keeping ``pageOverlap`` rows.
  public func scrollPageDown(_ sender: Any?) {
    contentOffset.y += pageAmount
  }

  /// Scrolls to the top.
  public func scrollToBeginningOfDocument(_ sender: Any?) {
    contentOffset.y = 0
  }

  /// Scrolls to the bottom.
  public func scrollToEndOfDocument(_ sender: Any?) {
    contentOffset.y = maximumContentOffset.y
  }

  // MARK: Drawing

  /// Draws the view and its content, then the indicator over them so content never hides it.
  override func render(in canvas: Canvas) {
    super.render(in: canvas)
    guard !isHidden, isShowingVerticalScrollIndicator else { return }
    drawVerticalScrollIndicator(in: canvas)
  }

  /// Draws the indicator in the last column; `canvas` is in frame coordinates (0, 0 is the
  /// view's top-left corner). A track of `│` with a `█` thumb sized to the visible fraction.
  open func drawVerticalScrollIndicator(in canvas: Canvas) {
    let rows = Int(cells: bounds.height)
    let x = Int(cells: bounds.width) - 1
    guard rows > 0, contentSize.height > 0 else { return }
    let thumb = max(1, Int(cells: (Double(rows) * bounds.height / contentSize.height).rounded()))
    let travel = rows - thumb
    let limit = maximumContentOffset.y
    let start = limit > 0 ? Int(cells: (Double(travel) * contentOffset.y / limit).rounded()) : 0
    let style = theme.secondaryStyle()
    for y in canvas.visibleRows(0..<max(0, rows)) {
      let glyph: Character = (start..<(start + thumb)).contains(y) ? "█" : "│"
      canvas.put(Cell(glyph, style: style), x: x, y: y)
    }
  }
}
