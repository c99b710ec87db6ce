/// A single line of editable text: UIKit's `UITextField`.
///
/// Editing is being first responder: becoming it (by a tap, Tab or code) sends
/// ``ControlEvents/editingDidBegin``, each change the user makes sends
/// ``ControlEvents/editingChanged``, and giving it up sends ``ControlEvents/editingDidEnd``.
/// Return sends ``ControlEvents/editingDidEndOnExit`` and
/// ``ControlEvents/primaryActionTriggered`` in one dispatch, then ends editing; Escape
/// (``Action/cancelOperation``) ends editing. The ``delegate`` can veto each of these.
///
/// Typed characters arrive through ``insertText(_:)`` (the field ``acceptsTextInput``), the
/// other keys as actions from the key bindings: deleteBackward, deleteForward,
/// deleteToBeginningOfLine, deleteToEndOfLine, moveLeft/Right, moveBackward/Forward,
/// moveToBeginningOfLine/EndOfLine (and the paragraph and document forms), the word moves
/// (moveWordBackward/Forward/Left/Right, deleteWordBackward/Forward), insertNewline,
/// cancelOperation, undo and redo. Newlines in inserted text become spaces. Each user change
/// registers its undo on the responder chain's undo manager, one step per input event.
///
/// The field keeps a selection (``selectedRange``): the `…AndModifySelection` moves (Shift
/// with the arrows, Home and End, Alt+Shift with the arrows for words) extend it, a drag
/// selects, a double-click selects a word and a triple-click everything; typing, a paste or
/// BackSpace replace it, in one undo step. `cut`, `copy`, `paste`, `delete` and `selectAll`
/// go through ``Pasteboard/general`` and are enabled only when they can act (no selection:
/// no Copy), so the Edit menu's items validate themselves through the responder chain. The
/// selection is drawn in the theme's selection style (``Theme/selectedTextStyle(_:)``).
/// Positions are `Character` indices. Setting ``text`` in code sends nothing and is not
/// undoable. Undo records each change (its range and the text it replaced), never a copy of
/// the text, so a long text (a 10 MB paste) takes memory near its own size and each later
/// key costs work near the insertion point.
@MainActor
open class TextField: Control, TextEditor, Findable {
  /// Creates a text field.
  public init(frame: Rect = .zero, text: String = "", placeholder: String = "") {
    storage = TextStorage(text)
    self.placeholder = placeholder
    self.insertionPoint = storage.count
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

  /// The text.
  open var text: String {
    get { storage.string }
    set {
      typingCoalescing.step = nil
      storage.string = newValue
      insertionPoint = min(insertionPoint, storage.count)
      selectionAnchor = selectionAnchor.map { min($0, storage.count) }
      setNeedsDisplay()
    }
  }

  /// Shown dim while the text is empty.
  open var placeholder: String {
    didSet { setNeedsDisplay() }
  }

  /// Colours and attributes of the text; the field's unused width is drawn in it too.
  open var style = TextStyle(attributes: .underline) {
    didSet { setNeedsDisplay() }
  }

  /// Colours and attributes of the placeholder.
  open var placeholderStyle = TextStyle(attributes: [.underline, .dim]) {
    didSet { setNeedsDisplay() }
  }

  /// Where typing goes, as a `Character` index from 0 to the text's count (clamped).
  open var insertionPoint: Int {
    didSet {
      insertionPoint = max(0, min(insertionPoint, storage.count))
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

  /// The first column of the text that is visible, so the insertion point stays in view.
  public private(set) var scrollColumn = 0

  /// Whether the field is editing (it is first responder).
  public private(set) var isEditing = false

  /// Asked before editing starts and ends, before each change and on Return; held weakly.
  public weak var delegate: (any TextFieldDelegate)?

  // MARK: Editing session

  /// Enabled fields take focus if the delegate agrees. The delegate's
  /// ``TextFieldDelegate/textFieldShouldBeginEditing(_:)`` is asked here, so it is also asked
  /// when the key view loop looks for the next focusable view: keep it free of side effects.
  open override var canBecomeFirstResponder: Bool {
    guard isEnabled else { return false }
    if isEditing { return true }
    return delegate?.textFieldShouldBeginEditing(self) ?? true
  }

  /// The delegate may keep the focus here.
  open override var canResignFirstResponder: Bool {
    guard isEditing else { return true }
    return delegate?.textFieldShouldEndEditing(self) ?? true
  }

  /// Typed characters come here.
  open override var acceptsTextInput: Bool { isEnabled }

  /// Starts editing: the insertion point goes to the end, unless a tap placed it.
  open override func didBecomeFirstResponder() {
    super.didBecomeFirstResponder()
    isEditing = true
    if let pending = pendingInsertionPoint {
      insertionPoint = pending
    } else {
      insertionPoint = storage.count
    }
    selectionAnchor = nil
    pendingInsertionPoint = nil
    delegate?.textFieldDidBeginEditing(self)
    sendActions(for: .editingDidBegin)
  }

  /// Ends editing.
  open override func didResignFirstResponder() {
    super.didResignFirstResponder()
    isEditing = false
    selectionAnchor = nil
    scrollColumn = 0
    delegate?.textFieldDidEndEditing(self)
    sendActions(for: .editingDidEnd)
  }

  private var pendingInsertionPoint: Int?

  /// While editing, a press places the insertion point (a double-click selects the word, a
  /// triple-click the whole text).
  open override func beginTracking(_ touch: Touch, with event: ResponderKit.Event?) -> Bool {
    guard isEditing else { return true }
    let index = characterIndex(atColumn: touch.location(in: self).x)
    if touch.tapCount >= 3 { select(0..<storage.count) } else { select(at: index, tapCount: touch.tapCount) }
    return true
  }

  /// While editing, dragging extends the selection from where the press landed.
  open override func continueTracking(_ touch: Touch, with event: ResponderKit.Event?) -> Bool {
    if isEditing, touch.tapCount == 1 {
      moveInsertionPoint(to: characterIndex(atColumn: touch.location(in: self).x), extending: true)
    }
    return true
  }

  /// A tap (touch up inside) starts editing with the insertion point where it landed.
  open override func endTracking(_ touch: Touch?, with event: ResponderKit.Event?) {
    guard let touch, isTouchInside, !isEditing else { return }
    pendingInsertionPoint = characterIndex(atColumn: touch.location(in: self).x)
    becomeFirstResponder()
    pendingInsertionPoint = nil
  }

  /// The index a column of the field falls on (before the character under it).
  public func characterIndex(atColumn column: Double) -> Int {
    storage.index(atColumn: Int(cells: (column - bounds.minX).rounded(.down)) + scrollColumn)
  }

  // MARK: Changing the text

  /// Replaces the characters in `range` as the user would: asks the delegate, registers the
  /// undo, moves the insertion point after the new text and sends editingChanged. Returns
  /// whether the change was made.
  @discardableResult
  open func replaceCharacters(in range: Range<Int>, with string: String) -> Bool {
    let range = max(0, min(range.lowerBound, storage.count))..<max(0, min(range.upperBound, storage.count))
    guard isEnabled else { return false }
    if range.isEmpty && string.isEmpty { return false }
    if let delegate,
      !delegate.textField(self, shouldChangeCharactersIn: range, replacementString: string)
    {
      return false
    }
    performEdit(in: range, with: string)
    return true
  }

  func textDidChange(in range: Range<Int>) {
    setNeedsDisplay()
    sendActions(for: .editingChanged)
  }

  /// Inserts typed or pasted text in place of the selection (at the insertion point when
  /// nothing is selected); newlines become spaces.
  open override func insertText(_ text: String) {
    let line = text.replacingNewlinesWithSpaces()
    guard !line.isEmpty else { return }
    typeText(line)
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

  /// Inserts the text of ``Pasteboard/general`` in place of the selection (newlines become
  /// spaces), as one undo step.
  open func paste(_ sender: Any?) { pasteFromPasteboard() }

  /// Deletes the selection.
  open func delete(_ sender: Any?) { deleteSelection() }

  var allowsTextChanges: Bool { isEnabled }

  func normalizedPaste(_ text: String) -> String { text.replacingNewlinesWithSpaces() }

  /// BackSpace.
  open func deleteBackward() {
    if let range = rangeOfCharacter(backward: true) { replaceCharacters(in: range, with: "") }
  }

  /// Delete.
  open func deleteForward() {
    if let range = rangeOfCharacter(backward: false) { replaceCharacters(in: range, with: "") }
  }

  /// Return: unless the delegate objects, sends editingDidEndOnExit and the primary action
  /// in one dispatch, then ends editing.
  open func insertNewline() {
    guard isEditing else { return }
    if let delegate, !delegate.textFieldShouldReturn(self) { return }
    sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered])
    if isFirstResponder { resignFirstResponder() }
  }

  /// Escape: ends editing, keeping the text.
  open func cancelOperation() {
    if isFirstResponder { resignFirstResponder() }
  }

  /// The field's editing actions; see the type's documentation.
  open override class var actionTable: ActionTable { textFieldActions }
  private static let textFieldActions = ActionTable(TextField.self, inheriting: Control.actionTable) {
    $0.add(.deleteBackward) { $0.deleteBackward() }
    $0.add(.deleteForward) { $0.deleteForward() }
    $0.add(.deleteWordBackward) { field in
      if let range = field.rangeOfWord(backward: true) { field.replaceCharacters(in: range, with: "") }
    }
    $0.add(.deleteWordForward) { field in
      if let range = field.rangeOfWord(backward: false) { field.replaceCharacters(in: range, with: "") }
    }
    $0.add(.deleteToBeginningOfLine) { field in
      field.replaceCharacters(in: 0..<field.insertionPoint, with: "")
    }
    $0.add(.deleteToEndOfLine) { field in
      field.replaceCharacters(in: field.insertionPoint..<field.storage.count, with: "")
    }
    for (action, forward, extending) in [
      (Action.moveLeft, false, false), (.moveBackward, false, false), (.moveRight, true, false),
      (.moveForward, true, false), (.moveLeftAndModifySelection, false, true),
      (.moveRightAndModifySelection, true, true),
    ] {
      $0.add(action) { $0.moveByCharacter(forward: forward, extending: extending) }
    }
    for (action, forward, extending) in [
      (Action.moveWordBackward, false, false), (.moveWordLeft, false, false), (.moveWordForward, true, false),
      (.moveWordRight, true, false), (.moveWordBackwardAndModifySelection, false, true),
      (.moveWordForwardAndModifySelection, true, true),
    ] {
      $0.add(action) { field in
        field.moveInsertionPoint(
          to: field.wordBoundary(from: field.insertionPoint, forward: forward), extending: extending)
      }
    }
    for (action, extending) in [
      (Action.moveToBeginningOfLine, false), (.moveToBeginningOfParagraph, false),
      (.moveToBeginningOfDocument, false), (.moveToBeginningOfLineAndModifySelection, true),
      (.moveToBeginningOfDocumentAndModifySelection, true),
    ] {
      $0.add(action) { $0.moveInsertionPoint(to: 0, extending: extending) }
    }
    for (action, extending) in [
      (Action.moveToEndOfLine, false), (.moveToEndOfParagraph, false), (.moveToEndOfDocument, false),
      (.moveToEndOfLineAndModifySelection, true), (.moveToEndOfDocumentAndModifySelection, true),
    ] {
      $0.add(action) { field in field.moveInsertionPoint(to: field.storage.count, extending: extending) }
    }
    findActions(to: &$0)
    $0.add(.selectAll) { field, sender in field.selectAll(sender) }
    $0.add(.copy) { field, sender in field.copy(sender) }
    $0.add(.cut) { field, sender in field.cut(sender) }
    $0.add(.paste) { field, sender in field.paste(sender) }
    $0.add(.delete) { field, sender in field.delete(sender) }
    $0.add(.insertNewline) { $0.insertNewline() }
    $0.add(.cancelOperation) { $0.cancelOperation() }
    $0.add(.undo) { $0.undoManager?.undo() }
    $0.add(.redo) { $0.undoManager?.redo() }
  }

  /// Editing actions only while editing; undo and redo only when there is something to undo
  /// or redo; copy, cut and delete only with a selection, paste only when the pasteboard may
  /// hold text, selectAll only with text.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    guard isEnabled, super.canPerformAction(action, withSender: sender) else { return false }
    if action == .undo { return undoManager?.canUndo ?? false }
    if action == .redo { return undoManager?.canRedo ?? false }
    guard isEditing else { return false }
    return canPerformSelectionAction(action, editable: true) ?? canPerformFindAction(action) ?? true
  }

  // MARK: Finding

  /// Selects the next (previous) match after (before) the selection, wrapping around.
  open func selectMatch(of query: String, backward: Bool, caseSensitive: Bool) -> FindResult {
    selectTextMatch(of: query, backward: backward, caseSensitive: caseSensitive)
  }

  /// Highlights the visible matches of `query` in the theme's highlighted style.
  open func highlightMatches(of query: String?, caseSensitive: Bool) {
    findHighlight = query.map { FindHighlight(query: $0, caseSensitive: caseSensitive) }
  }

  /// Control+F opens the find bar, F3 and Shift+F3 step through the matches.
  open override var keyCommands: [KeyCommand] { Self.findKeyCommands }

  // MARK: Drawing

  /// Scrolls so the insertion point's column is visible.
  private func scrollToInsertionPoint() {
    let width = max(1, Int(cells: bounds.width))
    let caret = storage.column(of: insertionPoint)
    if caret < scrollColumn { scrollColumn = caret }
    if caret >= scrollColumn + width { scrollColumn = caret - width + 1 }
  }

  /// The insertion point while editing, so the terminal cursor shows there.
  open override var textCursorPosition: Point? {
    guard isEditing else { return nil }
    scrollToInsertionPoint()
    return Point(x: storage.column(of: insertionPoint) - scrollColumn, y: 0)
  }

  /// Draws the visible part of the text (or the placeholder) on the first row, in ``style``
  /// across the whole width, styled for the state by the ``View/theme`` (reversed in the focus
  /// colour while focused).
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let width = Int(cells: bounds.width)
    let theme = theme
    let state: Control.State = !isEnabled ? .disabled : isFirstResponder ? .focused : .normal
    let fieldStyle = theme.style(for: state, base: style)
    canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), with: .blank(fieldStyle))
    if storage.isEmpty {
      let hint =
        state == .normal
        ? theme.secondaryStyle(placeholderStyle) : theme.style(for: state, base: placeholderStyle)
      canvas.draw(TextLayout.prefix(placeholder, width: width), x: 0, y: 0, style: hint)
      return
    }
    if isEditing { scrollToInsertionPoint() }
    // Only the visible characters are walked: from the one under the first visible column.
    let first = storage.index(atColumn: scrollColumn)
    var x = storage.column(of: first)
    var index = first
    let selected = selection
    let selectedStyle = theme.selectedTextStyle(fieldStyle)
    let matches = self.matches(
      of: findHighlight, touching: first..<storage.index(atColumn: scrollColumn + width))
    let matchStyle = theme.style(for: .highlighted, base: fieldStyle)
    storage.walk(from: first) { character in
      let w = character.terminalWidth
      defer {
        x += w
        index += 1
      }
      if x < scrollColumn { return true }
      if x - scrollColumn + w > width { return false }
      let style =
        selected.contains(index)
        ? selectedStyle : matches.contains(where: { $0.contains(index) }) ? matchStyle : fieldStyle
      canvas.put(Cell(character, style: style), x: x - scrollColumn, y: 0)
      return true
    }
  }
}
