/// Several lines of editable text, wrapped to the view's width: UIKit's `UITextView` (and
/// AppKit's `NSTextView`) for the terminal.
///
/// Return inserts a newline (``Action/insertNewline``), so unlike a ``TextField`` the view
/// never ends editing on it; Tab moves focus as usual. Long lines wrap at the last space that
/// fits (or mid-word when a word is wider than the view); the view scrolls vertically to keep
/// the insertion point visible, and the terminal cursor shows where typing goes.
///
/// Typed and pasted characters arrive through ``insertText(_:)``; the other keys as actions
/// from the key bindings: deleteBackward, deleteForward, deleteToEndOfLine, moveLeft/Right,
/// moveBackward/Forward, moveUp/Down (by displayed line, keeping the column),
/// moveToBeginningOfLine/EndOfLine (the displayed line), moveToBeginningOfParagraph/
/// EndOfParagraph, moveToBeginningOfDocument/EndOfDocument, pageUp/pageDown, insertNewline,
/// undo and redo. Each user change registers its undo on the chain's undo manager and tells
/// the ``delegate``. Positions are `Character` indices. Setting ``text`` in code tells nobody
/// and is not undoable.
@MainActor
open class TextView: View {
  /// Creates a text view.
  public init(frame: Rect = .zero, text: String = "", placeholder: String = "") {
    characters = Array(text)
    insertionPoint = characters.count
    self.placeholder = placeholder
    super.init(frame: frame)
  }

  private var characters: [Character] {
    didSet { cachedLines = nil }
  }

  /// The text; lines are separated by `"\n"`.
  open var text: String {
    get { String(characters) }
    set {
      characters = Array(newValue)
      insertionPoint = min(insertionPoint, characters.count)
      setNeedsDisplay()
    }
  }

  /// Shown dim while the text is empty.
  open var placeholder: String {
    didSet { setNeedsDisplay() }
  }

  /// Colours and attributes of the text; the view's whole area is filled with it.
  open var style = TextStyle.plain {
    didSet { setNeedsDisplay() }
  }

  /// Whether the user may edit the text (and focus the view).
  open var isEditable = true {
    didSet {
      if !isEditable, isFirstResponder { resignFirstResponder() }
      setNeedsDisplay()
    }
  }

  /// Where typing goes, as a `Character` index from 0 to the text's count (clamped).
  open var insertionPoint: Int {
    didSet {
      insertionPoint = max(0, min(insertionPoint, characters.count))
      setNeedsDisplay()
    }
  }

  /// The first displayed line that is visible.
  public private(set) var scrollRow = 0

  /// Told about editing and each change; held weakly.
  public weak var delegate: (any TextViewDelegate)?

  /// The column moveUp and moveDown aim for, kept across a run of vertical moves so the
  /// insertion point comes back to it after passing shorter lines.
  private var goalColumn: Int?

  // MARK: Focus

  /// Editable views take focus.
  open override var canBecomeFirstResponder: Bool { isEditable }

  /// Typed characters come here.
  open override var acceptsTextInput: Bool { isEditable }

  /// Whether the view is being edited (it is first responder).
  public var isEditing: Bool { isFirstResponder }

  /// Starts editing with the insertion point at the end (a tap then moves it where it
  /// landed), as a text field does, and tells the delegate.
  open override func didBecomeFirstResponder() {
    super.didBecomeFirstResponder()
    insertionPoint = characters.count
    goalColumn = nil
    setNeedsDisplay()
    delegate?.textViewDidBeginEditing(self)
  }

  /// Tells the delegate.
  open override func didResignFirstResponder() {
    super.didResignFirstResponder()
    setNeedsDisplay()
    delegate?.textViewDidEndEditing(self)
  }

  // MARK: Layout of lines

  private var cachedLines: (width: Int, lines: [Range<Int>])?

  /// The displayed lines for the current width, as ranges of character indices (newlines
  /// excluded): each paragraph wrapped at the last space that fits.
  public var displayedLines: [Range<Int>] {
    let width = max(1, Int(bounds.width))
    if let cachedLines, cachedLines.width == width { return cachedLines.lines }
    let lines = Self.wrap(characters, width: width)
    cachedLines = (width, lines)
    return lines
  }

  static func wrap(_ characters: [Character], width: Int) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    var x = 0
    var lastBreak: Int?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\n" {
        lines.append(start..<index)
        start = index + 1
        x = 0
        lastBreak = nil
        index += 1
        continue
      }
      let w = max(0, character.terminalWidth)
      if x + w > width, index > start, character == " " {
        // A space that does not fit hangs at the end of its line, as in word processors.
        lines.append(start..<(index + 1))
        start = index + 1
        x = 0
        lastBreak = nil
        index += 1
        continue
      }
      if x + w > width, index > start {
        // Break after the last space on the line, or here when the word fills it.
        let end = lastBreak.map { $0 > start ? $0 : index } ?? index
        lines.append(start..<end)
        start = end
        x = TextLayout.width(of: characters[start..<index])
        lastBreak = nil
        continue
      }
      x += w
      if character == " " { lastBreak = index + 1 }
      index += 1
    }
    lines.append(start..<characters.count)
    return lines
  }

  /// The displayed line and column of a character index.
  public func position(of index: Int) -> (line: Int, column: Int) {
    let lines = displayedLines
    var line = 0
    // The last line starting at or before the index: a wrapped line's end is the next one's start.
    for (number, range) in lines.enumerated() where range.lowerBound <= index { line = number }
    let range = lines[line]
    let end = min(max(index, range.lowerBound), range.upperBound)
    return (line, TextLayout.width(of: characters[range.lowerBound..<end]))
  }

  /// The character index nearest to a column of a displayed line.
  public func index(line: Int, column: Int) -> Int {
    let lines = displayedLines
    let range = lines[max(0, min(line, lines.count - 1))]
    var x = 0
    for index in range {
      let w = characters[index].terminalWidth
      if column < x + max(1, w) { return index }
      x += w
    }
    // Past the end: the line's end, unless that is the next displayed line's start (a wrap).
    let wrapped = range.upperBound < characters.count && characters[range.upperBound] != "\n"
    return wrapped && !range.isEmpty ? range.upperBound - 1 : range.upperBound
  }

  // MARK: Changing the text

  /// Replaces the characters in `range` as the user would: registers the undo, moves the
  /// insertion point after the new text and tells the delegate. Returns whether anything
  /// changed.
  @discardableResult
  open func replaceCharacters(in range: Range<Int>, with string: String) -> Bool {
    let range =
      max(0, min(range.lowerBound, characters.count))..<max(0, min(range.upperBound, characters.count))
    guard isEditable, !(range.isEmpty && string.isEmpty) else { return false }
    registerUndo()
    let replacement = Array(string)
    characters.replaceSubrange(range, with: replacement)
    insertionPoint = range.lowerBound + replacement.count
    goalColumn = nil
    setNeedsDisplay()
    delegate?.textViewDidChange(self)
    return true
  }

  private func registerUndo() {
    guard let undoManager else { return }
    let oldText = characters
    let oldPoint = insertionPoint
    undoManager.registerUndo(withTarget: self) { view in view.restore(oldText, insertionPoint: oldPoint) }
    undoManager.setActionName("Typing")
  }

  private func restore(_ text: [Character], insertionPoint point: Int) {
    registerUndo()
    characters = text
    insertionPoint = point
    setNeedsDisplay()
    delegate?.textViewDidChange(self)
  }

  /// Inserts typed or pasted text, newlines included, at the insertion point. A carriage
  /// return (alone or before a line feed) becomes one newline.
  open override func insertText(_ text: String) {
    let normalized = String(text.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
    guard !normalized.isEmpty else { return }
    replaceCharacters(in: insertionPoint..<insertionPoint, with: normalized)
  }

  /// Return: a new line.
  open func insertNewline() {
    replaceCharacters(in: insertionPoint..<insertionPoint, with: "\n")
  }

  /// BackSpace.
  open func deleteBackward() {
    guard insertionPoint > 0 else { return }
    replaceCharacters(in: (insertionPoint - 1)..<insertionPoint, with: "")
  }

  /// Delete.
  open func deleteForward() {
    guard insertionPoint < characters.count else { return }
    replaceCharacters(in: insertionPoint..<(insertionPoint + 1), with: "")
  }

  // MARK: Moving

  /// Left arrow.
  open func moveLeft() {
    insertionPoint -= 1
    goalColumn = nil
  }

  /// Right arrow.
  open func moveRight() {
    insertionPoint += 1
    goalColumn = nil
  }

  /// Up arrow: the same column on the displayed line above (the start on the first line).
  open func moveUp() { moveVertically(by: -1) }

  /// Down arrow: the same column on the displayed line below (the end on the last line).
  open func moveDown() { moveVertically(by: 1) }

  /// Moves by whole displayed lines, keeping the goal column.
  private func moveVertically(by lines: Int) {
    let (line, column) = position(of: insertionPoint)
    let goal = goalColumn ?? column
    let target = line + lines
    if target < 0 {
      insertionPoint = 0
    } else if target >= displayedLines.count {
      insertionPoint = characters.count
    } else {
      insertionPoint = index(line: target, column: goal)
    }
    goalColumn = goal
  }

  private func moveToLineBoundary(end: Bool) {
    let (line, _) = position(of: insertionPoint)
    insertionPoint = end ? index(line: line, column: Int.max) : displayedLines[line].lowerBound
    goalColumn = nil
  }

  private func moveToParagraphBoundary(end: Bool) {
    var index = insertionPoint
    if end {
      while index < characters.count, characters[index] != "\n" { index += 1 }
    } else {
      while index > 0, characters[index - 1] != "\n" { index -= 1 }
    }
    insertionPoint = index
    goalColumn = nil
  }

  /// The view's editing actions; see the type's documentation.
  open override class var actionTable: ActionTable { textViewActions }
  private static let textViewActions = ActionTable(TextView.self, inheriting: View.actionTable) {
    $0.add(.insertNewline) { $0.insertNewline() }
    $0.add(.insertNewlineIgnoringFieldEditor) { $0.insertNewline() }
    $0.add(.deleteBackward) { $0.deleteBackward() }
    $0.add(.deleteForward) { $0.deleteForward() }
    $0.add(.deleteToEndOfLine) { view in
      var end = view.insertionPoint
      while end < view.characters.count, view.characters[end] != "\n" { end += 1 }
      // At the end of a paragraph, Control-k joins the next one, as in Emacs and AppKit.
      if end == view.insertionPoint, end < view.characters.count { end += 1 }
      view.replaceCharacters(in: view.insertionPoint..<end, with: "")
    }
    $0.add(.moveLeft) { $0.moveLeft() }
    $0.add(.moveBackward) { $0.moveLeft() }
    $0.add(.moveRight) { $0.moveRight() }
    $0.add(.moveForward) { $0.moveRight() }
    $0.add(.moveUp) { $0.moveUp() }
    $0.add(.moveDown) { $0.moveDown() }
    $0.add(.pageUp) { view in view.moveVertically(by: -max(1, Int(view.bounds.height) - 1)) }
    $0.add(.pageDown) { view in view.moveVertically(by: max(1, Int(view.bounds.height) - 1)) }
    $0.add(.moveToBeginningOfLine) { $0.moveToLineBoundary(end: false) }
    $0.add(.moveToEndOfLine) { $0.moveToLineBoundary(end: true) }
    $0.add(.moveToBeginningOfParagraph) { $0.moveToParagraphBoundary(end: false) }
    $0.add(.moveToEndOfParagraph) { $0.moveToParagraphBoundary(end: true) }
    $0.add(.moveToBeginningOfDocument) { view in
      view.insertionPoint = 0
      view.goalColumn = nil
    }
    $0.add(.moveToEndOfDocument) { view in
      view.insertionPoint = view.characters.count
      view.goalColumn = nil
    }
    $0.add(.undo) { $0.undoManager?.undo() }
    $0.add(.redo) { $0.undoManager?.redo() }
  }

  /// Editing actions only while editing; undo and redo only when there is something to undo
  /// or redo.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    guard isEditable, super.canPerformAction(action, withSender: sender) else { return false }
    if action == .undo { return undoManager?.canUndo ?? false }
    if action == .redo { return undoManager?.canRedo ?? false }
    return isEditing
  }

  // MARK: Touches

  /// A tap focuses the view and puts the insertion point where it landed.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard isEditable, let touch = touches.first else { return }
    let point = touch.location(in: self)
    if !isFirstResponder { becomeFirstResponder() }
    insertionPoint = index(line: scrollRow + Int(point.y.rounded(.down)), column: Int(point.x.rounded(.down)))
    goalColumn = nil
  }

  /// The touch stays with the view.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
  /// The touch stays with the view.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
  /// The touch stays with the view.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

  // MARK: Drawing

  /// Scrolls so the insertion point's line is visible.
  private func scrollToInsertionPoint() {
    let height = max(1, Int(bounds.height))
    let line = position(of: insertionPoint).line
    if line < scrollRow { scrollRow = line }
    if line >= scrollRow + height { scrollRow = line - height + 1 }
    scrollRow = max(0, min(scrollRow, max(0, displayedLines.count - 1)))
  }

  /// The insertion point while editing, so the terminal cursor shows there.
  open override var textCursorPosition: Point? {
    guard isEditing else { return nil }
    scrollToInsertionPoint()
    let (line, column) = position(of: insertionPoint)
    return Point(x: min(column, max(0, Int(bounds.width) - 1)), y: line - scrollRow)
  }

  /// Draws the visible lines (or the placeholder) over the whole area in ``style``.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    var textStyle = style
    if !isEditable { textStyle = textStyle.adding(.dim) }
    canvas.fill(bounds, with: .blank(textStyle))
    if characters.isEmpty {
      canvas.draw(
        TextLayout.prefix(placeholder, width: Int(bounds.width)), x: 0, y: 0, style: textStyle.adding(.dim))
      return
    }
    if isEditing { scrollToInsertionPoint() }
    let lines = displayedLines
    let height = Int(bounds.height)
    for row in 0..<height {
      let number = scrollRow + row
      guard number < lines.count else { break }
      var x = 0
      for index in lines[number] {
        let character = characters[index]
        canvas.put(Cell(character, style: textStyle), x: x, y: row)
        x += character.terminalWidth
      }
    }
  }
}
