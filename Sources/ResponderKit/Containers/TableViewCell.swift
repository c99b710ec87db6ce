/// One row of a ``TableView``: a line of text, an optional detail text on the right and an
/// accessory mark, drawn reversed while selected. Subclass it to draw something else.
///
/// The table tells the cell the row's state — ``isSelected``, ``isFocused`` (selected while
/// the table has the keyboard focus), ``isHovered`` — so a subclass draws from
/// ``configurationState`` and ``contentStyle`` and never looks for its table (UIKit's
/// `configurationState`). In a table with ``TableColumn``s the cell draws the columns'
/// texts (``columnTexts``) in their places instead of ``text``.
@MainActor
open class TableViewCell: View {
  /// What a cell draws from, set by its table: UIKit's `UICellConfigurationState`.
  public struct ConfigurationState: Hashable, Sendable {
    /// The row is selected.
    public var isSelected = false
    /// The row is selected and its table has the keyboard focus: the keys act on it.
    public var isFocused = false
    /// The pointer is over the row.
    public var isHovered = false

    /// Creates a state; every flag defaults to false.
    public init(isSelected: Bool = false, isFocused: Bool = false, isHovered: Bool = false) {
      self.isSelected = isSelected
      self.isFocused = isFocused
      self.isHovered = isHovered
    }
  }

  /// The mark drawn in the cell's last column.
  public enum Accessory: Sendable, Hashable {
    /// Nothing.
    case none
    /// `✓`: the row is chosen (settings lists, pickers).
    case checkmark
    /// `›`: choosing the row shows more (a pushed screen).
    case disclosureIndicator
  }

  /// Creates a cell; `reuseIdentifier` lets ``TableView/dequeueReusableCell(withIdentifier:)``
  /// hand it back once its row scrolls away.
  public init(reuseIdentifier: String? = nil) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
  }

  /// The identifier the table pools the cell under; nil cells are never reused.
  public let reuseIdentifier: String?

  /// The main text, from the left edge.
  open var text: String = "" {
    didSet { if text != oldValue { setNeedsDisplay() } }
  }

  /// A secondary text, right-aligned before the accessory.
  open var detailText: String? {
    didSet { if detailText != oldValue { setNeedsDisplay() } }
  }

  /// The mark in the last column.
  open var accessory: Accessory = .none {
    didSet { if accessory != oldValue { setNeedsDisplay() } }
  }

  /// The style of the text when the row is not selected.
  open var textStyle: TextStyle = .plain {
    didSet { if textStyle != oldValue { setNeedsDisplay() } }
  }

  /// Whether the row is selected; the table sets it.
  open var isSelected = false {
    didSet { if isSelected != oldValue { stateDidChange() } }
  }

  /// Whether the row is selected while its table has the keyboard focus (it is the first
  /// responder): the table sets it, so the focus colour needs no look at the table.
  open var isFocused = false {
    didSet { if isFocused != oldValue { stateDidChange() } }
  }

  /// Whether the pointer is over the row; the table sets it while
  /// ``TableView/highlightsRowOnHover`` is on. The text is then drawn underlined.
  open var isHovered = false {
    didSet { if isHovered != oldValue { stateDidChange() } }
  }

  /// The row's state, as the table last set it.
  public var configurationState: ConfigurationState {
    ConfigurationState(isSelected: isSelected, isFocused: isFocused && isSelected, isHovered: isHovered)
  }

  /// The style text in the cell is drawn in now: ``textStyle`` in the theme's selection
  /// colour while selected (its focus colour while also focused), underlined while hovered.
  public var contentStyle: TextStyle { style(hovered: isHovered) }

  private func style(hovered: Bool) -> TextStyle {
    var state: Control.State = isSelected ? .selected : .normal
    if isSelected, isFocused { state.insert(.focused) }
    var style = theme.style(for: state, base: textStyle)
    if hovered { style.attributes.insert(.underline) }
    return style
  }

  /// Called when ``configurationState`` changed: redraws, and passes the state to the cells
  /// shown in its columns (``TableViewColumnDataSource/tableView(_:viewFor:at:)``). Override
  /// to restyle subviews; call `super`.
  open func configurationStateDidChange() {
    setNeedsDisplay()
    for case let cell as TableViewCell in columnViews.values { passState(to: cell) }
  }

  /// Gives a column's cell this row's state.
  private func passState(to cell: TableViewCell) {
    cell.isSelected = isSelected
    cell.isFocused = isFocused
    cell.isHovered = isHovered
  }

  private func stateDidChange() { configurationStateDidChange() }

  // MARK: Columns

  /// The texts of the row's columns, in the table's column order, when the table has
  /// ``TableColumn``s and the data source answers per column; empty otherwise.
  public internal(set) var columnTexts: [String] = [] {
    didSet { if columnTexts != oldValue { setNeedsDisplay() } }
  }

  /// Where each column is in the cell: its first cell, width and alignment (set by the table).
  var columnSpans: [TableView.ColumnSpan] = [] {
    didSet {
      guard columnSpans != oldValue else { return }
      placeColumnViews()
      setNeedsDisplay()
    }
  }

  /// The views the data source gave for some columns, by column index.
  var columnViews: [Int: View] = [:]

  /// Puts a column's view in the cell (replacing any before), or removes it for nil.
  func setColumnView(_ view: View?, at column: Int) {
    if let old = columnViews[column], old !== view { old.removeFromSuperview() }
    columnViews[column] = view
    guard let view else { return }
    if view.superview !== self { addSubview(view) }
    if let cell = view as? TableViewCell { passState(to: cell) }
    placeColumnViews()
  }

  /// Takes every column's view out, for a cell going back to the pool.
  func removeColumnViews() {
    for view in columnViews.values { view.removeFromSuperview() }
    columnViews = [:]
  }

  private func placeColumnViews() {
    let height = bounds.height
    for (column, view) in columnViews {
      guard column < columnSpans.count else {
        view.frame = .zero
        continue
      }
      let span = columnSpans[column]
      view.frame = Rect(x: Double(span.x), y: 0, width: Double(span.width), height: height)
    }
  }

  /// Column views take the cell's height.
  open override func layoutSubviews() {
    super.layoutSubviews()
    placeColumnViews()
  }

  /// Called before the table hands the cell out again for another row: reset what a row set.
  /// The default clears the texts, the accessory and the selection.
  open func prepareForReuse() {
    text = ""
    detailText = nil
    accessory = .none
    isSelected = false
    isFocused = false
  }

  /// Draws text, detail and accessory on the first row (or the columns' texts in a table
  /// with columns); a selected row is reversed in the theme's selection colour, or its focus
  /// colour while the table has the keyboard focus (``contentStyle``).
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let width = Int(cells: bounds.width)
    guard width > 0 else { return }
    let style = contentStyle
    if isSelected { canvas.fill(bounds, with: .blank(self.style(hovered: false))) }
    guard columnSpans.isEmpty else { return drawColumns(in: canvas, style: style) }
    var right = width
    switch accessory {
    case .none: break
    case .checkmark:
      canvas.draw("✓", x: width - 1, y: 0, style: style)
      right = width - 2
    case .disclosureIndicator:
      canvas.draw("›", x: width - 1, y: 0, style: style)
      right = width - 2
    }
    var textLimit = right
    if let detailText, !detailText.isEmpty {
      let detail = TextMetrics.truncated(detailText, to: max(0, right / 2))
      let start = right - TextMetrics.width(of: detail)
      canvas.draw(detail, x: start, y: 0, style: style)
      textLimit = start - 1
    }
    canvas.draw(TextMetrics.truncated(text, to: max(0, textLimit)), x: 0, y: 0, style: style)
  }

  /// Each column's text in its span, cut with "…" when it does not fit; columns showing a
  /// view are left to the view.
  private func drawColumns(in canvas: Canvas, style: TextStyle) {
    for (column, span) in columnSpans.enumerated()
    where column < columnTexts.count && columnViews[column] == nil {
      let text = columnTexts[column]
      guard !text.isEmpty, span.width > 0 else { continue }
      let textWidth = TextMetrics.width(of: text)
      if textWidth <= span.width {
        canvas.draw(
          text, x: span.x + span.alignment.offset(lineWidth: textWidth, in: span.width), y: 0, style: style)
      } else {
        canvas.draw(TextMetrics.truncated(text, to: span.width), x: span.x, y: 0, style: style)
      }
    }
  }
}
