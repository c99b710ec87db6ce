/// One row of a ``TableView``: a line of text, an optional detail text on the right and an
/// accessory mark, drawn reversed while selected. Subclass it to draw something else.
@MainActor
open class TableViewCell: View {
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
    didSet { if isSelected != oldValue { setNeedsDisplay() } }
  }

  /// Whether the pointer is over the row; the table sets it while
  /// ``TableView/highlightsRowOnHover`` is on. The text is then drawn underlined.
  open var isHovered = false {
    didSet { if isHovered != oldValue { setNeedsDisplay() } }
  }

  /// Called before the table hands the cell out again for another row: reset what a row set.
  /// The default clears the texts, the accessory and the selection.
  open func prepareForReuse() {
    text = ""
    detailText = nil
    accessory = .none
    isSelected = false
  }

  /// Draws text, detail and accessory on the first row; a selected row is reversed in the
  /// theme's selection colour, or its focus colour while the table has the keyboard focus.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let width = Int(cells: bounds.width)
    guard width > 0 else { return }
    var state: Control.State = isSelected ? .selected : .normal
    if isSelected, tableView?.isFirstResponder == true { state.insert(.focused) }
    var style = theme.style(for: state, base: textStyle)
    if isSelected { canvas.fill(bounds, with: .blank(style)) }
    if isHovered { style.attributes.insert(.underline) }
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

  /// The table the cell is in.
  private var tableView: TableView? {
    var view = superview
    while let current = view {
      if let table = current as? TableView { return table }
      view = current.superview
    }
    return nil
  }
}
