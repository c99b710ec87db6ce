import ResponderKit

/// Pick's whole region: the query line, the count, and the ranked matches with the matched
/// characters highlighted; with `--preview`, the selected line whole in a pane on the right.
@MainActor
final class PickView: View {
  let model: PickModel
  let multi: Bool
  let preview: Bool
  /// Return (true) or Esc (false) ended the pick; nil while it runs.
  private(set) var accepted: Bool?
  /// The first ranked match shown.
  private(set) var scrollOffset = 0
  /// Called once when the user accepts or cancels.
  var onFinish: (@MainActor (Bool) -> Void)?

  static let promptStyle = TextStyle(foreground: .blue, attributes: .bold)
  static let matchStyle = TextStyle(foreground: .green, attributes: .bold)
  static let selectedStyle = TextStyle(attributes: .reverse)
  static let countStyle = TextStyle(attributes: .dim)
  static let markStyle = TextStyle(foreground: .magenta, attributes: .bold)

  init(model: PickModel, multi: Bool, preview: Bool) {
    self.model = model
    self.multi = multi
    self.preview = preview
    super.init()
  }

  override var canBecomeFirstResponder: Bool { true }

  /// The rows the list has: all but the query and count lines.
  var listRows: Int { max(0, Int(bounds.height) - 2) }

  private var listWidth: Int {
    let width = Int(bounds.width)
    return preview && width >= 40 ? width / 2 : width
  }

  override var textCursorPosition: Point? {
    Point(x: Double(min(Int(bounds.width) - 1, 2 + model.query.count)), y: 0)
  }

  // MARK: Keys

  override func keyDown(with event: KeyEvent) {
    guard accepted == nil else { return }
    let modifiers = event.modifierFlags.intersection(.deviceIndependent)
    let control = modifiers == .control
    switch event.keysym {
    case .returnKey, .kpEnter: finish(true)
    case .escape: finish(false)
    case .up: move(by: -1)
    case .down: move(by: 1)
    case .pageUp: move(by: -max(1, listRows))
    case .pageDown: move(by: max(1, listRows))
    case .tab where multi:
      model.toggleMark()
      move(by: 1)
    case .isoLeftTab where multi:
      model.toggleMark()
      move(by: -1)
    case .backSpace:
      var query = model.query
      if !query.isEmpty { query.removeLast() }
      setQuery(query)
    default:
      if control {
        switch event.charactersIgnoringModifiers.lowercased() {
        case "c", "g": finish(false)
        case "p", "k": move(by: -1)
        case "n", "j": move(by: 1)
        case "u": setQuery("")
        case "h":
          var query = model.query
          if !query.isEmpty { query.removeLast() }
          setQuery(query)
        default: super.keyDown(with: event)
        }
        return
      }
      let text = event.characters
      if !modifiers.contains(.control), !modifiers.contains(.alt), !text.isEmpty,
        text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      {
        setQuery(model.query + text)
      } else {
        super.keyDown(with: event)
      }
    }
  }

  override func insertText(_ text: String) {
    guard accepted == nil else { return }
    setQuery(model.query + text.filter { !$0.isNewline })
  }

  override var acceptsTextInput: Bool { true }

  private func setQuery(_ query: String) {
    model.setQuery(query)
    scrollOffset = 0
    setNeedsDisplay()
  }

  private func move(by rows: Int) {
    model.moveSelection(by: rows)
    scrollToSelection()
    setNeedsDisplay()
  }

  private func scrollToSelection() {
    let rows = max(1, listRows)
    if model.selection < scrollOffset { scrollOffset = model.selection }
    if model.selection >= scrollOffset + rows { scrollOffset = model.selection - rows + 1 }
  }

  private func finish(_ accept: Bool) {
    accepted = accept
    onFinish?(accept)
  }

  // MARK: Pointer

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first, accepted == nil else { return }
    let row = Int(touch.location(in: self).y.rounded(.down)) - 2
    guard row >= 0, row < listRows, scrollOffset + row < model.matchCount else { return }
    let rank = scrollOffset + row
    // A second click on the selected line picks it, as a double click does.
    if touch.tapCount >= 2 && rank == model.selection {
      finish(true)
      return
    }
    model.select(rank: rank)
    setNeedsDisplay()
  }

  override func scrollWheel(with event: Event) {
    guard let scroll = event.scroll else { return }
    move(by: Int(scroll.dy.rounded()))
  }

  /// New lines arrived or input ended: the count changes.
  func inputChanged() {
    setNeedsDisplay()
  }

  // MARK: Drawing

  override func draw(in canvas: Canvas) {
    let width = Int(bounds.width)
    canvas.fill(bounds)
    let x = canvas.draw("> ", x: 0, y: 0, style: Self.promptStyle)
    canvas.draw(model.query, x: x, y: 0, width: max(0, width - x))
    var count = "  \(model.matchCount)/\(model.lines.count)"
    if !model.inputFinished { count += " …" }
    if multi { count += "  (\(model.marked.count) marked)" }
    canvas.draw(count, x: 0, y: 1, width: width, style: Self.countStyle)
    let matcher = FuzzyMatcher(query: model.query)
    let listWidth = self.listWidth
    for row in 0..<listRows {
      let rank = scrollOffset + row
      guard let index = model.lineIndex(atRank: rank) else { break }
      drawLine(
        index, selected: rank == model.selection, matcher: matcher, y: row + 2, width: listWidth, in: canvas)
    }
    if preview && listWidth < width, let index = model.lineIndex(atRank: model.selection) {
      drawPreview(index, x: listWidth, width: width - listWidth, in: canvas)
    }
  }

  private func drawLine(
    _ index: Int, selected: Bool, matcher: FuzzyMatcher, y: Int, width: Int, in canvas: Canvas
  ) {
    let base = selected ? Self.selectedStyle : .plain
    canvas.draw(selected ? ">" : " ", x: 0, y: y, style: selected ? Self.promptStyle : .plain)
    let isMarked = model.marked.contains(index)
    canvas.draw(isMarked ? "*" : " ", x: 1, y: y, style: Self.markStyle)
    let range = model.lines.range(of: index)
    let (text, highlighted) = model.lines.bytes.withUnsafeBufferPointer { bytes in
      let line = UnsafeBufferPointer(rebasing: bytes[range])
      return (String(decoding: line, as: UTF8.self), Set(matcher.positions(in: line)))
    }
    // Matched bytes map to characters by their UTF-8 offsets.
    var column = 2
    var offset = 0
    for character in text {
      let size = character.utf8.count
      guard column < width else { break }
      var style = base
      if highlighted.contains(offset) {
        style.foreground = Self.matchStyle.foreground
        style.attributes.formUnion(Self.matchStyle.attributes)
      }
      column = canvas.draw(String(character), x: column, y: y, style: style)
      offset += size
    }
    if selected && column < width {
      canvas.fill(
        Rect(x: Double(column), y: Double(y), width: Double(width - column), height: 1), with: .blank(base))
    }
  }

  private func drawPreview(_ index: Int, x: Int, width: Int, in canvas: Canvas) {
    let height = Int(bounds.height)
    for y in 0..<height { canvas.draw("│", x: x, y: y, style: Self.countStyle) }
    let inner = width - 2
    guard inner > 0 else { return }
    canvas.draw("line \(index + 1)", x: x + 2, y: 0, width: inner, style: Self.countStyle)
    var rest = Substring(model.lines.line(index))
    var y = 1
    while y < height && !rest.isEmpty {
      let piece = rest.prefix(inner)
      canvas.draw(String(piece), x: x + 2, y: y)
      rest = rest.dropFirst(piece.count)
      y += 1
    }
  }
}
