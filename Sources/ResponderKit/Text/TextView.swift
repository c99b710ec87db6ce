import Foundation

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
/// and is not undoable. As in ``TextField``, undo records each change rather than the text,
/// and lines are wrapped only as far down as the view shows, so a long text (a 10 MB paste)
/// takes memory near its own size and each later key costs work near the insertion point.
@MainActor
open class TextView: View, TextEditor {
  /// Creates a text view.
  public init(frame: Rect = .zero, text: String = "", placeholder: String = "") {
    storage = TextStorage(text)
    insertionPoint = storage.count
    self.placeholder = placeholder
    super.init(frame: frame)
  }

  let storage: TextStorage

  /// The text; lines are separated by `"\n"`.
  open var text: String {
    get { storage.string }
    set {
      storage.string = newValue
      invalidateLines(from: 0)
      insertionPoint = min(insertionPoint, storage.count)
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
      insertionPoint = max(0, min(insertionPoint, storage.count))
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
    insertionPoint = storage.count
    goalColumn = nil
    setNeedsDisplay()
    delegate?.textViewDidBeginEditing(self)
  }

  /// Tells the delegate.
  open override func didResignFirstResponder() {
    super.didResignFirstResponder()
    setNeedsDisplay()
    delegate?.textViewDidEndEditing(self)
    NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
  }

  /// Posted when a text view stops being first responder, as UIKit's
  /// `UITextView.textDidEndEditingNotification`; the object is the text view. Bindings commit
  /// the text then.
  nonisolated public static let textDidEndEditingNotification = Notification.Name(
    "ResponderKit.TextView.textDidEndEditing")

  // MARK: Layout of lines

  /// The starts of the first displayed lines at ``lineStartsWidth``, found by wrapping from
  /// the top only as far as asked and cut back to before an edit, so typing and drawing near
  /// the insertion point never wrap the rest of the text.
  private var lineStarts = [0]
  private var lineStartsWidth = 0
  /// Whether ``lineStarts`` reaches the last line.
  private var lineStartsComplete = false

  private var wrapWidth: Int { max(1, Int(cells: bounds.width)) }

  /// Wraps forward until line `number` is known or the text ends, starting over when the
  /// width changed.
  private func wrapLines(through number: Int) {
    if lineStartsWidth != wrapWidth {
      invalidateLines(from: 0)
      lineStartsWidth = wrapWidth
    }
    while !lineStartsComplete, lineStarts.count <= number {
      let line = wrapLine(from: lineStarts[lineStarts.count - 1])
      if let next = line.next { lineStarts.append(next) } else { lineStartsComplete = true }
    }
  }

  /// The displayed line starting at `start`: where it ends (newline excluded) and where the
  /// next one starts (nil for the last). Lines break at the last space that fits, or mid-word
  /// when a word fills the line; a space that does not fit hangs at the end of its line, as
  /// in word processors.
  private func wrapLine(from start: Int) -> (end: Int, next: Int?) {
    let width = wrapWidth
    var result: (end: Int, next: Int?) = (storage.count, nil)
    var x = 0
    var lastBreak: Int?
    var index = start
    storage.walkGlyphs(from: start) { glyph in
      if glyph.isNewline {
        result = (index, index + 1)
        return false
      }
      let w = max(0, glyph.width)
      if x + w > width, index > start {
        let end = glyph.isSpace ? index + 1 : lastBreak.map { $0 > start ? $0 : index } ?? index
        result = (end, end)
        return false
      }
      x += w
      if glyph.isSpace { lastBreak = index + 1 }
      index += 1
      return true
    }
    return result
  }

  /// Forgets the lines an edit at `index` may have changed: a line's break depends on the
  /// characters up to the one that did not fit, which lies before the start of the line
  /// after next.
  private func invalidateLines(from index: Int) {
    lineStarts.removeSubrange(max(1, knownLines(startingBefore: index) - 2)...)
    lineStartsComplete = false
  }

  /// How many of the known lines start before `index` (a binary search).
  private func knownLines(startingBefore index: Int) -> Int {
    var low = 0
    var high = lineStarts.count
    while low < high {
      let middle = (low + high) / 2
      if lineStarts[middle] < index { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The number of the displayed line holding `index` (at a wrap, the later line).
  private func line(containing index: Int) -> Int {
    wrapLines(through: 0)
    while !lineStartsComplete, lineStarts[lineStarts.count - 1] <= index {
      wrapLines(through: lineStarts.count)
    }
    // The last line starting at or before the index.
    return max(0, knownLines(startingBefore: index.addingCells(1) ?? .max) - 1)
  }

  /// Whether displayed line `number` exists.
  private func lineExists(_ number: Int) -> Bool {
    wrapLines(through: number)
    return number >= 0 && number < lineStarts.count
  }

  /// Line `number`'s characters and whether it ends at a wrap (not a newline or the end).
  private func lineRange(_ number: Int) -> (range: Range<Int>, wraps: Bool) {
    let start = lineStarts[number]
    let line = wrapLine(from: start)
    return (start..<line.end, line.next == line.end)
  }

  /// The displayed lines for the current width, as ranges of character indices (newlines
  /// excluded): each paragraph wrapped at the last space that fits. This wraps the whole
  /// text; the view itself only wraps what it shows.
  public var displayedLines: [Range<Int>] {
    wrapLines(through: .max)
    return lineStarts.indices.map { lineRange($0).range }
  }

  /// The displayed line and column of a character index.
  public func position(of index: Int) -> (line: Int, column: Int) {
    let line = line(containing: index)
    let range = lineRange(line).range
    let end = min(max(index, range.lowerBound), range.upperBound)
    var column = 0
    storage.walk(range.lowerBound..<end) { _, character in
      column += character.terminalWidth
      return true
    }
    return (line, column)
  }

  /// The character index nearest to a column of a displayed line.
  public func index(line: Int, column: Int) -> Int {
    wrapLines(through: line)
    let (range, wraps) = lineRange(max(0, min(line, lineStarts.count - 1)))
    var x = 0
    var result: Int?
    storage.walk(range) { index, character in
      let w = character.terminalWidth
      if column < x + max(1, w) {
        result = index
        return false
      }
      x += w
      return true
    }
    // Past the end: the line's end, unless that is the next displayed line's start (a wrap).
    return result ?? (wraps && !range.isEmpty ? range.upperBound - 1 : range.upperBound)
  }

  // MARK: Changing the text

  /// Replaces the characters in `range` as the user would: registers the undo, moves the
  /// insertion point after the new text and tells the delegate. Returns whether anything
  /// changed.
  @discardableResult
  open func replaceCharacters(in range: Range<Int>, with string: String) -> Bool {
    let range = max(0, min(range.lowerBound, storage.count))..<max(0, min(range.upperBound, storage.count))
    guard isEditable, !(range.isEmpty && string.isEmpty) else { return false }
    performEdit(in: range, with: string)
    goalColumn = nil
    return true
  }

  func textDidChange(from lowerBound: Int) {
    invalidateLines(from: lowerBound)
    setNeedsDisplay()
    delegate?.textViewDidChange(self)
    NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
  }

  /// Posted after the user changed the text (typing, deleting, pasting, undo), as UIKit's
  /// `UITextView.textDidChangeNotification`; the object is the text view.
  nonisolated public static let textDidChangeNotification = Notification.Name(
    "ResponderKit.TextView.textDidChange")

  /// Inserts typed or pasted text, newlines included, at the insertion point. A carriage
  /// return (alone or before a line feed) becomes one newline.
  open override func insertText(_ text: String) {
    let normalized = text.replacingCarriageReturnsWithLineFeeds()
    guard !normalized.isEmpty else { return }
    replaceCharacters(in: insertionPoint..<insertionPoint, with: normalized)
  }

  /// Return: a new line.
  open func insertNewline() {
    replaceCharacters(in: insertionPoint..<insertionPoint, with: "\n")
  }

  /// BackSpace.
  open func deleteBackward() {
    if let range = rangeOfCharacter(backward: true) { replaceCharacters(in: range, with: "") }
  }

  /// Delete.
  open func deleteForward() {
    if let range = rangeOfCharacter(backward: false) { replaceCharacters(in: range, with: "") }
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
    } else if !lineExists(target) {
      insertionPoint = storage.count
    } else {
      insertionPoint = index(line: target, column: goal)
    }
    goalColumn = goal
  }

  private func moveToLineBoundary(end: Bool) {
    let (line, _) = position(of: insertionPoint)
    insertionPoint = end ? index(line: line, column: Int.max) : lineStarts[line]
    goalColumn = nil
  }

  private func moveToParagraphBoundary(end: Bool) {
    insertionPoint = end ? storage.paragraphEnd(insertionPoint) : storage.paragraphStart(insertionPoint)
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
      var end = view.storage.paragraphEnd(view.insertionPoint)
      // At the end of a paragraph, Control-k joins the next one, as in Emacs and AppKit.
      if end == view.insertionPoint, end < view.storage.count { end += 1 }
      view.replaceCharacters(in: view.insertionPoint..<end, with: "")
    }
    $0.add(.moveLeft) { $0.moveLeft() }
    $0.add(.moveBackward) { $0.moveLeft() }
    $0.add(.moveRight) { $0.moveRight() }
    $0.add(.moveForward) { $0.moveRight() }
    $0.add(.moveUp) { $0.moveUp() }
    $0.add(.moveDown) { $0.moveDown() }
    $0.add(.pageUp) { view in view.moveVertically(by: -max(1, Int(cells: view.bounds.height) - 1)) }
    $0.add(.pageDown) { view in view.moveVertically(by: max(1, Int(cells: view.bounds.height) - 1)) }
    $0.add(.moveToBeginningOfLine) { $0.moveToLineBoundary(end: false) }
    $0.add(.moveToEndOfLine) { $0.moveToLineBoundary(end: true) }
    $0.add(.moveToBeginningOfParagraph) { $0.moveToParagraphBoundary(end: false) }
    $0.add(.moveToEndOfParagraph) { $0.moveToParagraphBoundary(end: true) }
    $0.add(.moveToBeginningOfDocument) { view in
      view.insertionPoint = 0
      view.goalColumn = nil
    }
    $0.add(.moveToEndOfDocument) { view in
      view.insertionPoint = view.storage.count
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
    insertionPoint = index(
      line: scrollRow + Int(cells: point.y.rounded(.down)), column: Int(cells: point.x.rounded(.down)))
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
    let height = max(1, Int(cells: bounds.height))
    let line = position(of: insertionPoint).line
    if line < scrollRow { scrollRow = line }
    if line >= scrollRow + height { scrollRow = line - height + 1 }
  }

  /// The insertion point while editing, so the terminal cursor shows there.
  open override var textCursorPosition: Point? {
    guard isEditing else { return nil }
    scrollToInsertionPoint()
    let (line, column) = position(of: insertionPoint)
    return Point(x: min(column, max(0, Int(cells: bounds.width) - 1)), y: line - scrollRow)
  }

  /// Draws the visible lines (or the placeholder) over the whole area in ``style``.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    var textStyle = style
    if !isEditable { textStyle = textStyle.adding(.dim) }
    canvas.fill(bounds, with: .blank(textStyle))
    if storage.isEmpty {
      canvas.draw(
        TextLayout.prefix(placeholder, width: Int(cells: bounds.width)), x: 0, y: 0,
        style: textStyle.adding(.dim))
      return
    }
    if isEditing { scrollToInsertionPoint() }
    for row in canvas.visibleRows(0..<max(0, Int(cells: bounds.height))) {
      let number = scrollRow + row
      guard lineExists(number) else { break }
      var x = 0
      storage.walk(lineRange(number).range) { _, character in
        canvas.put(Cell(character, style: textStyle), x: x, y: row)
        x += character.terminalWidth
        return true
      }
    }
  }
}
