/// The line apps put at the bottom of a window: key hints, a message, a count, laid out in
/// one row. Terminal.Gui's `StatusBar`, Textual's `Footer`; built from ``StatusBarItem``s.
///
/// ```swift
/// let message = StatusBarItem(title: "")
/// message.bind(\.title, to: model, \.lastMessage)
/// statusBar.items = [
///   StatusBarItem(key: "F1", title: "keys"), StatusBarItem(key: "^Q", title: "quit"),
///   .flexibleSpace(), message,
/// ]
/// ```
///
/// Items start one column in from the left, two columns apart; items after a flexible space
/// are pushed right, to end one column before the edge, at least one column after the items
/// before it. When the row is too narrow, key hints go first, the last one first, so a message
/// is never cut off for them; then the widest text is cut at the right (a long message before a
/// short count). An item with nothing to show (an
/// empty message) takes no room.
@MainActor
open class StatusBar: View {
  /// Creates a bar of `items`.
  public init(frame: Rect = .zero, items: [StatusBarItem] = []) {
    super.init(frame: frame)
    self.items = items
  }

  /// The items, left to right; each is also a subview.
  open var items: [StatusBarItem] = [] {
    didSet {
      for old in oldValue where !items.contains(where: { $0 === old }) { old.removeFromSuperview() }
      for item in items where item.superview !== self { addSubview(item) }
      setNeedsLayout()
      setNeedsDisplay()
    }
  }

  /// The style of the whole row; items draw over it. Reversed by default, as a bar.
  open var barStyle = TextStyle(attributes: .reverse) {
    didSet {
      guard barStyle != oldValue else { return }
      setNeedsDisplay()
      for item in items { item.setNeedsDisplay() }
    }
  }

  /// A removed item leaves ``items``.
  open override func willRemoveSubview(_ subview: View) {
    super.willRemoveSubview(subview)
    if items.contains(where: { $0 === subview }) { items.removeAll { $0 === subview } }
  }

  /// One row as wide as offered: a bar squeezed to nothing would otherwise stay at zero.
  open override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }

  /// Places the items: hints dropped and texts cut as the type's rule says.
  open override func layoutSubviews() {
    super.layoutSubviews()
    let width = max(0, Int(cells: bounds.width))
    let shown = items.filter(\.showsContent)
    let flexible = shown.firstIndex { $0.kind == .flexibleSpace }
    var widths = shown.map(\.naturalWidth)
    var dropped = Set<Int>()
    func needed() -> Int {
      var total = 1
      var previous: Int?
      for index in shown.indices where !dropped.contains(index) && index != flexible {
        if let previous {
          total += flexible.map { previous < $0 && index > $0 } == true ? 1 : 2
        }
        total += widths[index]
        previous = index
      }
      let trailing = flexible.map { f in shown.indices.contains { $0 > f && !dropped.contains($0) } } ?? false
      return total + (trailing ? 1 : 0)
    }
    // Hints go first, the last first.
    for index in shown.indices.reversed() where needed() > width {
      if case .keyHint = shown[index].kind { dropped.insert(index) }
    }
    // Then the widest text is cut, down to the next widest, until the row fits: a long message
    // gives way before a short count.
    while needed() > width,
      let widest = shown.indices.filter({ !dropped.contains($0) && widths[$0] > 0 }).max(by: {
        widths[$0] < widths[$1]
      })
    {
      let others =
        shown.indices.filter { $0 != widest && !dropped.contains($0) }.map { widths[$0] }.max() ?? 0
      widths[widest] = max(0, max(others, widths[widest] - (needed() - width)))
      if widths[widest] == others { widths[widest] = max(0, widths[widest] - 1) }
    }
    let spare = max(0, width - needed())
    var x = 1
    var previous: Int?
    for item in items { item.frame = .zero }
    for (index, item) in shown.enumerated() where !dropped.contains(index) {
      if index == flexible {
        item.frame = Rect(x: x, y: 0, width: spare, height: 1)
        continue
      }
      if let previous { x += flexible.map { previous < $0 && index > $0 } == true ? 1 + spare : 2 }
      item.frame = Rect(x: x, y: 0, width: widths[index], height: 1)
      x += widths[index]
      previous = index
    }
    for (index, item) in shown.enumerated() where dropped.contains(index) { item.frame = .zero }
  }

  /// Fills the row in ``barStyle``.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), with: .blank(barStyle))
  }

  /// Columns a text takes.
  static func columns(of text: String) -> Int {
    text.reduce(0) { $0 + $1.terminalWidth }
  }

  /// The longest start of `text` that fits in `columns`.
  static func prefix(_ text: String, columns: Int) -> String {
    var used = 0
    var result = ""
    for character in text {
      used += character.terminalWidth
      if used > columns { break }
      result.append(character)
    }
    return result
  }
}
