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
///
/// The view keeps a selection (``selectedRange``), as ``TextField`` does: the
/// `…AndModifySelection` moves (Shift with the arrows, Home/End, Page Up/Down; Alt+Shift with
/// the arrows for words) extend it, a drag selects, a double-click selects a word and a
/// triple-click a line (its paragraph); typing, a paste or BackSpace replace it in one undo
/// step, and `cut`, `copy`, `paste`, `delete` and `selectAll` are enabled only when they can act.
///
/// AppKit's two properties say what the user may do: with ``isEditable`` false and
/// ``isSelectable`` true (a viewer), the view still takes focus, scrolls with the arrows and
/// Page Up/Down, selects and copies, but takes no typing and shows no cursor; with both false
/// it takes no focus at all.
@MainActor
open class TextView: View, TextEditor, Findable {
  /// Creates a text view.
  public init(frame: Rect = .zero, text: String = "", placeholder: String = "") {
    storage = TextStorage(text)
    insertionPoint = storage.count
    laidOutCount = storage.count
    self.placeholder = placeholder
    super.init(frame: frame)
  }

  let storage: TextStorage
  let typingCoalescing = TypingCoalescing()

  /// Ends the current run of typing as an undo step: the next keystroke starts a new "Undo
  /// Typing" (AppKit's `NSTextView.breakUndoCoalescing()`). Typing is otherwise one step
  /// until the selection changes or an edit that is not typing (a deletion, a paste, a cut)
  /// or any other undoable change comes between; a document's save ends it too.
  public func breakUndoCoalescing() {
    typingCoalescing.step = nil
  }

  /// The text; lines are separated by `"\n"`. Setting it puts an editable view's insertion
  /// point at the end.
  open var text: String {
    get { storage.string }
    set {
      typingCoalescing.step = nil
      storage.string = newValue
      laidOutCount = storage.count
      forgetLines(from: 1)
      // New text in an editable view puts the insertion point at its end, as UITextView's
      // `text` does; focus then keeps it there (or wherever the app or the user puts it). A
      // read-only view keeps its place (its scroll follows the insertion point).
      if isEditable {
        selectionAnchor = nil
        insertionPoint = storage.count
      } else {
        insertionPoint = min(insertionPoint, storage.count)
        selectionAnchor = selectionAnchor.map { min($0, storage.count) }
      }
      // The old scroll position may lie past the new text's end (a blank view otherwise).
      clampScrollRow()
      setNeedsDisplay()
    }
  }

  /// Shown dim while the text is empty.
  open var placeholder: String {
    didSet { setNeedsDisplay() }
  }

  /// Colours and attributes of the text; the view's whole area is filled with it. Read-only
  /// text is drawn in it too (add `.dim` here for faint read-only text).
  open var style = TextStyle.plain {
    didSet { setNeedsDisplay() }
  }

  /// Whether the user may edit the text (AppKit's `isEditable`). A view that is not editable
  /// but ``isSelectable`` still takes focus, selects and copies.
  open var isEditable = true {
    didSet {
      if !canBecomeFirstResponder, isFirstResponder { resignFirstResponder() }
      setNeedsDisplay()
    }
  }

  /// Whether the user may select the text, and so focus a view that is not editable (AppKit's
  /// `isSelectable`; true by default).
  open var isSelectable = true {
    didSet {
      if !canBecomeFirstResponder, isFirstResponder { resignFirstResponder() }
      if !isSelectable, !isEditable { selectionAnchor = nil }
      setNeedsDisplay()
    }
  }

  /// Where typing goes, as a `Character` index from 0 to the text's count (clamped); the
  /// moving end of the selection.
  open var insertionPoint: Int {
    didSet {
      insertionPoint = max(0, min(insertionPoint, storage.count))
      followsInsertionPoint = true
      setNeedsDisplay()
    }
  }

  /// The fixed end of the selection (the insertion point is the moving one).
  var selectionAnchor: Int? {
    didSet { setNeedsDisplay() }
  }

  /// The selected characters as `Character` indices; empty at the insertion point when
  /// nothing is selected. Setting it selects the range (clamped to the text) with the
  /// insertion point at its end. A selection over a text that shrank is clamped.
  open var selectedRange: Range<Int> {
    get { selection }
    set { select(newValue) }
  }

  /// The selected text (empty when nothing is selected).
  public var selectedText: String { selectionText }

  /// The matches shown while the find bar is open.
  var findHighlight: FindHighlight? {
    didSet { setNeedsDisplay() }
  }

  /// Whether the next frame scrolls the insertion point into view: set when it moves, cleared
  /// once it is visible, so scrolling by keys or the wheel is not undone by the next frame.
  private var followsInsertionPoint = true

  /// The first displayed line that is visible.
  public private(set) var scrollRow = 0

  /// Told about editing and each change; held weakly.
  public weak var delegate: (any TextViewDelegate)?

  /// The column moveUp and moveDown aim for, kept across a run of vertical moves so the
  /// insertion point comes back to it after passing shorter lines.
  private var goalColumn: Int?

  // MARK: Focus

  /// Editable or selectable views take focus.
  open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

  /// Typed characters come here while the view is editable.
  open override var acceptsTextInput: Bool { isEditable }

  /// Whether the view is being edited (it is first responder and editable).
  public var isEditing: Bool { isFirstResponder && isEditable }

  /// Starts editing where the selection was, as NSTextView does (a new view's insertion
  /// point is at the end of its text; a tap then moves it where it landed), and tells the
  /// delegate. A read-only view also keeps its scroll position: focus is for reading and
  /// selecting.
  open override func didBecomeFirstResponder() {
    super.didBecomeFirstResponder()
    if !isEditable { followsInsertionPoint = false }
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
  /// the top only as far as asked, so typing and drawing near the insertion point never wrap
  /// the rest of the text. An edit rewraps only the lines around it: the known lines after
  /// the next newline keep their breaks, since a paragraph's breaks depend on it alone, and
  /// move by the edit's length (Control+End after typing at the top of a long text does not
  /// wrap it all again). Entries from ``shiftedFrom`` on are stored less ``shiftedDelta``, so
  /// that a keystroke does not add to each of 150,000 of them: read them with ``lineStart(_:)``.
  private var lineStarts = [0]
  private var shiftedFrom = Int.max
  private var shiftedDelta = 0
  private var lineStartsWidth = 0
  /// Whether ``lineStarts`` reaches the last line.
  private var lineStartsComplete = false
  /// The text's length when ``lineStarts`` was last brought up to date with it.
  private var laidOutCount = 0

  /// Known line `number`'s start.
  private func lineStart(_ number: Int) -> Int {
    number >= shiftedFrom ? lineStarts[number] + shiftedDelta : lineStarts[number]
  }

  private var wrapWidth: Int { max(1, Int(cells: bounds.width)) }

  /// Wraps forward until line `number` is known or the text ends, starting over when the
  /// width changed.
  private func wrapLines(through number: Int) {
    if lineStartsWidth != wrapWidth {
      forgetLines(from: 1)
      lineStartsWidth = wrapWidth
    }
    while !lineStartsComplete, lineStarts.count <= number {
      let line = wrapLine(from: lineStart(lineStarts.count - 1))
      if let next = line.next {
        lineStarts.append(lineStarts.count >= shiftedFrom ? next - shiftedDelta : next)
      } else {
        lineStartsComplete = true
      }
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

  /// Keeps the first `count` known lines (at least the first) and forgets the rest.
  private func forgetLines(from count: Int) {
    let count = max(1, count)
    if count < lineStarts.count { lineStarts.removeSubrange(count...) }
    if shiftedFrom >= count { (shiftedFrom, shiftedDelta) = (.max, 0) }
    lineStartsComplete = false
  }

  /// The most characters an edit may hold and still have its lines rewrapped at once (a
  /// keystroke, a short paste); a longer one is wrapped as far as it is shown.
  private static let eagerlyRewrappedLength = 4096
  /// How many known lines after an edit are searched for the one after a newline.
  private static let paragraphSearchLines = 64

  /// Brings the known lines up to date with an edit that left `range` holding new text: the
  /// lines from two before it to the first known line after it that follows a newline are
  /// wrapped again; the known lines from that one on are kept, moved by the change of length.
  /// (A line's break depends on the characters up to the one that did not fit, which lies
  /// before the start of the line after next.) Without such a line, those after the edit
  /// are forgotten.
  private func linesChanged(in range: Range<Int>) {
    let delta = storage.count - laidOutCount
    laidOutCount = storage.count
    let keep = max(1, knownLines(startingBefore: range.lowerBound) - 2)
    guard lineStartsWidth == wrapWidth, range.count <= Self.eagerlyRewrappedLength,
      let tail = firstKnownLineAfterNewline(from: range.upperBound - delta, delta: delta)
    else { return forgetLines(from: keep) }
    // The lines between, wrapped again up to the kept line's start in the new text.
    let tailStart = lineStart(tail) + delta
    var starts: [Int] = []
    var start = lineStart(keep - 1)
    while true {
      guard let next = wrapLine(from: start).next, next <= tailStart else { return forgetLines(from: keep) }
      if next == tailStart { break }
      starts.append(next)
      start = next
    }
    // Lines before `keep` are stored as they are, those from `tail` on less the new shift.
    if shiftedFrom < keep {
      for index in shiftedFrom..<keep { lineStarts[index] += shiftedDelta }
    } else if shiftedDelta != 0 {
      for index in tail..<max(tail, min(shiftedFrom, lineStarts.count)) { lineStarts[index] -= shiftedDelta }
    }
    lineStarts.replaceSubrange(keep..<tail, with: starts)
    shiftedDelta += delta
    shiftedFrom = shiftedDelta == 0 ? .max : keep + starts.count
  }

  /// The first known line starting after the old text's `index` whose character before is an
  /// unedited newline, searched among a few lines; `delta` maps old indices to new ones.
  private func firstKnownLineAfterNewline(from index: Int, delta: Int) -> Int? {
    var number = knownLines(startingBefore: index + 1)
    let stop = min(lineStarts.count, number + Self.paragraphSearchLines)
    while number < stop {
      var followsNewline = false
      storage.walk(from: lineStart(number) + delta - 1) { character in
        followsNewline = character == "\n"
        return false
      }
      if followsNewline { return number }
      number += 1
    }
    return nil
  }

  /// How many of the known lines start before `index` (a binary search).
  private func knownLines(startingBefore index: Int) -> Int {
    var low = 0
    var high = lineStarts.count
    while low < high {
      let middle = (low + high) / 2
      if lineStart(middle) < index { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The number of the displayed line holding `index` (at a wrap, the later line).
  private func line(containing index: Int) -> Int {
    wrapLines(through: 0)
    while !lineStartsComplete, lineStart(lineStarts.count - 1) <= index {
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
    let start = lineStart(number)
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

  func textDidChange(in range: Range<Int>) {
    linesChanged(in: range)
    setNeedsDisplay()
    delegate?.textViewDidChange(self)
    NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
  }

  /// Posted after the user changed the text (typing, deleting, pasting, undo), as UIKit's
  /// `UITextView.textDidChangeNotification`; the object is the text view.
  nonisolated public static let textDidChangeNotification = Notification.Name(
    "ResponderKit.TextView.textDidChange")

  /// Inserts typed or pasted text, newlines included, in place of the selection (at the
  /// insertion point when nothing is selected). A carriage return (alone or before a line
  /// feed) becomes one newline.
  open override func insertText(_ text: String) {
    let normalized = text.replacingCarriageReturnsWithLineFeeds()
    guard !normalized.isEmpty else { return }
    typeText(normalized)
  }

  /// Return: a new line (in place of the selection).
  open func insertNewline() {
    typeText("\n")
  }

  /// Selects the whole text.
  open func selectAll(_ sender: Any?) {
    select(0..<storage.count)
  }

  /// Copies the selection to ``Pasteboard/general``.
  open func copy(_ sender: Any?) {
    copySelection()
  }

  /// Copies the selection to ``Pasteboard/general`` and deletes it, as one undo step.
  open func cut(_ sender: Any?) { cutSelection() }

  /// Inserts the text of ``Pasteboard/general`` in place of the selection (a carriage return
  /// becomes a newline), as one undo step.
  open func paste(_ sender: Any?) { pasteFromPasteboard() }

  /// Deletes the selection.
  open func delete(_ sender: Any?) { deleteSelection() }

  var allowsTextChanges: Bool { isEditable }

  func normalizedPaste(_ text: String) -> String { text.replacingCarriageReturnsWithLineFeeds() }

  /// BackSpace.
  open func deleteBackward() {
    if let range = rangeOfCharacter(backward: true) { replaceCharacters(in: range, with: "") }
  }

  /// Delete.
  open func deleteForward() {
    if let range = rangeOfCharacter(backward: false) { replaceCharacters(in: range, with: "") }
  }

  // MARK: Moving

  /// Left arrow (a selection collapses to its start).
  open func moveLeft() {
    moveByCharacter(forward: false, extending: false)
    goalColumn = nil
  }

  /// Right arrow (a selection collapses to its end).
  open func moveRight() {
    moveByCharacter(forward: true, extending: false)
    goalColumn = nil
  }

  /// Up arrow: the same column on the displayed line above (the start on the first line); in
  /// a read-only view, scrolls up a line.
  open func moveUp() {
    if isEditable { moveVertically(by: -1) } else { scroll(by: -1) }
  }

  /// Down arrow: the same column on the displayed line below (the end on the last line); in
  /// a read-only view, scrolls down a line.
  open func moveDown() {
    if isEditable { moveVertically(by: 1) } else { scroll(by: 1) }
  }

  /// Moves by whole displayed lines, keeping the goal column.
  private func moveVertically(by lines: Int, extending: Bool = false) {
    let (line, column) = position(of: insertionPoint)
    let goal = goalColumn ?? column
    let target = line + lines
    let destination: Int
    if target < 0 {
      destination = 0
    } else if !lineExists(target) {
      destination = storage.count
    } else {
      destination = index(line: target, column: goal)
    }
    moveInsertionPoint(to: destination, extending: extending)
    goalColumn = goal
  }

  private func moveToLineBoundary(end: Bool, extending: Bool = false) {
    let (line, _) = position(of: insertionPoint)
    moveInsertionPoint(to: end ? index(line: line, column: Int.max) : lineStart(line), extending: extending)
    goalColumn = nil
  }

  private func moveToParagraphBoundary(end: Bool) {
    let target = end ? storage.paragraphEnd(insertionPoint) : storage.paragraphStart(insertionPoint)
    moveInsertionPoint(to: target, extending: false)
    goalColumn = nil
  }

  private func moveToDocumentBoundary(end: Bool, extending: Bool = false) {
    if !isEditable && !extending {
      selectionAnchor = nil
      scroll(by: end ? Int.max / 2 : Int.min / 2)
      return
    }
    moveInsertionPoint(to: end ? storage.count : 0, extending: extending)
    goalColumn = nil
  }

  /// Lines a page moves: the view's height less one, so one line stays in view.
  private var pageLines: Int { max(1, Int(cells: bounds.height) - 1) }

  /// Page Up/Down: the insertion point a page up or down (editable), or the view scrolled by
  /// a page (read-only).
  private func movePage(by pages: Int, extending: Bool = false) {
    if isEditable || extending {
      moveVertically(by: pages * pageLines, extending: extending)
    } else {
      scroll(by: pages * pageLines)
    }
  }

  /// Scrolls by `lines` displayed lines without moving the insertion point, no further than
  /// the first line at the top or the last at the bottom.
  public func scroll(by lines: Int) {
    let height = max(1, Int(cells: bounds.height))
    var target = max(0, scrollRow.addingReportingOverflow(lines).partialValue)
    if lines < 0, scrollRow.addingReportingOverflow(lines).overflow { target = 0 }
    // Wraps only down to the last row shown at the target, not the whole text.
    wrapLines(through: target + height - 1)
    if lineStartsComplete { target = min(target, max(0, lineStarts.count - height)) }
    scrollRow = target
    followsInsertionPoint = false
    setNeedsDisplay()
  }

  /// Keeps the scroll position within the text (after it shrank or the view grew).
  private func clampScrollRow() {
    guard scrollRow > 0 else { return }
    let height = max(1, Int(cells: bounds.height))
    wrapLines(through: scrollRow + height - 1)
    if lineStartsComplete { scrollRow = max(0, min(scrollRow, lineStarts.count - height)) }
  }

  /// The wheel scrolls the text; a turn where it cannot move further is passed on.
  open override func scrollWheel(with event: Event) {
    let before = scrollRow
    if let sample = event.scroll { scroll(by: Int(cells: sample.dy.rounded())) }
    if scrollRow == before { super.scrollWheel(with: event) }
  }

  /// The view's editing actions; see the type's documentation.
  open override class var actionTable: ActionTable { textViewActions }
  private static let textViewActions = ActionTable(TextView.self, inheriting: View.actionTable) {
    $0.add(.insertNewline) { $0.insertNewline() }
    $0.add(.insertNewlineIgnoringFieldEditor) { $0.insertNewline() }
    $0.add(.deleteBackward) { $0.deleteBackward() }
    $0.add(.deleteForward) { $0.deleteForward() }
    $0.add(.deleteWordBackward) { view in
      if let range = view.rangeOfWord(backward: true) { view.replaceCharacters(in: range, with: "") }
    }
    $0.add(.deleteWordForward) { view in
      if let range = view.rangeOfWord(backward: false) { view.replaceCharacters(in: range, with: "") }
    }
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
    $0.add(.moveLeftAndModifySelection) { view in
      view.moveByCharacter(forward: false, extending: true)
      view.goalColumn = nil
    }
    $0.add(.moveRightAndModifySelection) { view in
      view.moveByCharacter(forward: true, extending: true)
      view.goalColumn = nil
    }
    $0.add(.moveUpAndModifySelection) { $0.moveVertically(by: -1, extending: true) }
    $0.add(.moveDownAndModifySelection) { $0.moveVertically(by: 1, extending: true) }
    for (action, forward, extending) in [
      (Action.moveWordBackward, false, false), (.moveWordLeft, false, false), (.moveWordForward, true, false),
      (.moveWordRight, true, false), (.moveWordBackwardAndModifySelection, false, true),
      (.moveWordForwardAndModifySelection, true, true),
    ] {
      $0.add(action) { view in
        view.moveInsertionPoint(
          to: view.wordBoundary(from: view.insertionPoint, forward: forward), extending: extending)
        view.goalColumn = nil
      }
    }
    $0.add(.pageUp) { $0.movePage(by: -1) }
    $0.add(.pageDown) { $0.movePage(by: 1) }
    $0.add(.scrollPageUp) { $0.movePage(by: -1) }
    $0.add(.scrollPageDown) { $0.movePage(by: 1) }
    $0.add(.pageUpAndModifySelection) { $0.movePage(by: -1, extending: true) }
    $0.add(.pageDownAndModifySelection) { $0.movePage(by: 1, extending: true) }
    $0.add(.scrollLineUp) { $0.scroll(by: -1) }
    $0.add(.scrollLineDown) { $0.scroll(by: 1) }
    $0.add(.moveToBeginningOfLine) { $0.moveToLineBoundary(end: false) }
    $0.add(.moveToEndOfLine) { $0.moveToLineBoundary(end: true) }
    $0.add(.moveToBeginningOfLineAndModifySelection) { $0.moveToLineBoundary(end: false, extending: true) }
    $0.add(.moveToEndOfLineAndModifySelection) { $0.moveToLineBoundary(end: true, extending: true) }
    $0.add(.moveToBeginningOfParagraph) { $0.moveToParagraphBoundary(end: false) }
    $0.add(.moveToEndOfParagraph) { $0.moveToParagraphBoundary(end: true) }
    $0.add(.moveToBeginningOfDocument) { $0.moveToDocumentBoundary(end: false) }
    $0.add(.moveToEndOfDocument) { $0.moveToDocumentBoundary(end: true) }
    $0.add(.moveToBeginningOfDocumentAndModifySelection) {
      $0.moveToDocumentBoundary(end: false, extending: true)
    }
    $0.add(.moveToEndOfDocumentAndModifySelection) { $0.moveToDocumentBoundary(end: true, extending: true) }
    findActions(to: &$0)
    $0.add(.selectAll) { view, sender in view.selectAll(sender) }
    $0.add(.copy) { view, sender in view.copy(sender) }
    $0.add(.cut) { view, sender in view.cut(sender) }
    $0.add(.paste) { view, sender in view.paste(sender) }
    $0.add(.delete) { view, sender in view.delete(sender) }
    $0.add(.undo) { $0.undoManager?.undo() }
    $0.add(.redo) { $0.undoManager?.redo() }
  }

  /// Actions only while focused: every one while editable (undo and redo only when there is
  /// something to undo or redo); in a read-only view the moves, scrolls, selectAll and copy.
  /// Copy, cut and delete need a selection, paste text that may be on the pasteboard.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    guard isFirstResponder, isEditable || isSelectable, super.canPerformAction(action, withSender: sender)
    else { return false }
    if let answer = canPerformSelectionAction(action, editable: isEditable) ?? canPerformFindAction(action) {
      return answer
    }
    if Self.readOnlyActions.contains(action) { return true }
    guard isEditable else { return false }
    if action == .undo { return undoManager?.canUndo ?? false }
    if action == .redo { return undoManager?.canRedo ?? false }
    return true
  }

  /// The actions of a view that is selectable but not editable: moving, scrolling, selecting.
  private static let readOnlyActions: Set<Action> = [
    .moveLeft, .moveRight, .moveBackward, .moveForward, .moveUp, .moveDown, .moveWordBackward,
    .moveWordForward, .moveWordLeft, .moveWordRight, .moveLeftAndModifySelection,
    .moveRightAndModifySelection, .moveUpAndModifySelection, .moveDownAndModifySelection,
    .moveWordBackwardAndModifySelection, .moveWordForwardAndModifySelection, .pageUp, .pageDown,
    .scrollPageUp, .scrollPageDown, .pageUpAndModifySelection, .pageDownAndModifySelection, .scrollLineUp,
    .scrollLineDown, .moveToBeginningOfLine, .moveToEndOfLine, .moveToBeginningOfLineAndModifySelection,
    .moveToEndOfLineAndModifySelection, .moveToBeginningOfParagraph, .moveToEndOfParagraph,
    .moveToBeginningOfDocument, .moveToEndOfDocument, .moveToBeginningOfDocumentAndModifySelection,
    .moveToEndOfDocumentAndModifySelection,
  ]

  // MARK: Finding

  /// Selects the next (previous) match after (before) the selection, wrapping around the
  /// text, and scrolls to it.
  open func selectMatch(of query: String, backward: Bool, caseSensitive: Bool) -> FindResult {
    let result = selectTextMatch(of: query, backward: backward, caseSensitive: caseSensitive)
    goalColumn = nil
    return result
  }

  /// Highlights the visible matches of `query` in the theme's highlighted style.
  open func highlightMatches(of query: String?, caseSensitive: Bool) {
    findHighlight = query.map { FindHighlight(query: $0, caseSensitive: caseSensitive) }
  }

  /// Control+F opens the find bar, F3 and Shift+F3 step through the matches.
  open override var keyCommands: [KeyCommand] { Self.findKeyCommands }

  // MARK: Touches

  /// A press focuses the view and puts the insertion point where it landed; a double-click
  /// selects the word there, a triple-click its line (paragraph).
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard isEditable || isSelectable, let touch = touches.first else { return }
    if !isFirstResponder { becomeFirstResponder() }
    select(at: index(under: touch), tapCount: touch.tapCount)
    goalColumn = nil
  }

  /// Dragging extends the selection from where the press landed (scrolling when the pointer
  /// leaves the view above or below).
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard isEditable || isSelectable, let touch = touches.first, touch.tapCount == 1 else { return }
    moveInsertionPoint(to: index(under: touch), extending: true)
    goalColumn = nil
  }

  /// The character index under a touch (lines above or below the view count as the lines
  /// scrolled out there).
  private func index(under touch: Touch) -> Int {
    let point = touch.location(in: self)
    return index(
      line: max(0, scrollRow + Int(cells: point.y.rounded(.down))),
      column: max(0, Int(cells: point.x.rounded(.down))))
  }

  /// The touch stays with the view.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
  /// The touch stays with the view.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

  // MARK: Drawing

  /// Scrolls so the insertion point's line is visible, once after each move of it.
  private func scrollToInsertionPoint() {
    guard followsInsertionPoint else { return }
    followsInsertionPoint = false
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
    guard line >= scrollRow, line < scrollRow + max(1, Int(cells: bounds.height)) else { return nil }
    return Point(x: min(column, max(0, Int(cells: bounds.width) - 1)), y: line - scrollRow)
  }

  /// Draws the visible lines (or the placeholder) over the whole area in ``style``, the
  /// selection in the theme's selection style.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let textStyle = style
    canvas.fill(bounds, with: .blank(textStyle))
    if storage.isEmpty {
      canvas.draw(
        TextLayout.prefix(placeholder, width: Int(cells: bounds.width)), x: 0, y: 0,
        style: textStyle.adding(.dim))
      return
    }
    if isFirstResponder { scrollToInsertionPoint() }
    clampScrollRow()
    let selected = selection
    let selectedStyle = theme.selectedTextStyle(textStyle)
    let matchStyle = theme.style(for: .highlighted, base: textStyle)
    let height = max(0, Int(cells: bounds.height))
    var matches: [Range<Int>] = []
    if findHighlight != nil, lineExists(scrollRow) {
      wrapLines(through: scrollRow + height)
      let end = scrollRow + height < lineStarts.count ? lineStart(scrollRow + height) : storage.count
      matches = self.matches(of: findHighlight, touching: lineStart(scrollRow)..<end)
    }
    // Cells are visited in text order, and so are the matches: one pointer walks them.
    var nextMatch = 0
    func cellStyle(at index: Int) -> TextStyle {
      if selected.contains(index) { return selectedStyle }
      while nextMatch < matches.count, matches[nextMatch].upperBound <= index { nextMatch += 1 }
      if nextMatch < matches.count, matches[nextMatch].contains(index) { return matchStyle }
      return textStyle
    }
    for row in canvas.visibleRows(0..<height) {
      let number = scrollRow + row
      guard lineExists(number) else { break }
      var x = 0
      let (range, wraps) = lineRange(number)
      storage.walk(range) { index, character in
        canvas.put(Cell(character, style: cellStyle(at: index)), x: x, y: row)
        x += character.terminalWidth
        return true
      }
      // A selected newline shows as one selected cell after the line's text.
      if !wraps, selected.contains(range.upperBound), range.upperBound < storage.count,
        x < Int(cells: bounds.width)
      {
        canvas.put(.blank(selectedStyle), x: x, y: row)
      }
    }
  }
}
