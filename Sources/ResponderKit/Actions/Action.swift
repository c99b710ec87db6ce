import Foundation

/// A selector-like name for something a responder can do: `.copy`, `.undo`, `.done`.
///
/// Write actions like enum cases; declare your own in an extension:
///
///     extension Action {
///       static let toggleChecked = Action("toggleChecked")
///     }
///
/// Each distinct name is interned once to a small integer, so comparing, hashing and looking an
/// action up in a responder's ``ActionTable`` never touches the string. The name is stable and is
/// what logs and recordings show.
public struct Action: Hashable, Sendable, CustomStringConvertible, Codable {
  /// The interned index; equal names give equal indices within a process.
  public let index: Int
  /// The stable name, as written in key binding files and recordings.
  public var name: String { Action.registry.name(of: index) }

  /// The action called `name`, interning it on first use. Cache it in a `static let`.
  public init(_ name: String) {
    index = Action.registry.intern(name)
  }

  /// The name.
  public var description: String { name }

  /// Compares indices only.
  public static func == (lhs: Action, rhs: Action) -> Bool { lhs.index == rhs.index }

  /// Hashes the index only.
  public func hash(into hasher: inout Hasher) { hasher.combine(index) }

  /// Decodes from the name.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes as the name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }

  /// How many distinct actions exist so far; tables size themselves from it.
  static var count: Int { registry.count }

  static let registry = Registry()

  /// Name ↔ index, shared by all threads; touched only when an action is created.
  final class Registry: @unchecked Sendable {
    private let lock = NSLock()
    private var indices: [String: Int] = [:]
    private var names: [String] = []

    func intern(_ name: String) -> Int {
      lock.lock()
      defer { lock.unlock() }
      if let index = indices[name] { return index }
      names.append(name)
      indices[name] = names.count - 1
      return names.count - 1
    }

    func name(of index: Int) -> String {
      lock.lock()
      defer { lock.unlock() }
      return names[index]
    }

    /// The action with this name if it was ever declared; recordings and binding files use it
    /// to reject names nothing knows.
    func existing(_ name: String) -> Int? {
      lock.lock()
      defer { lock.unlock() }
      return indices[name]
    }

    var count: Int {
      lock.lock()
      defer { lock.unlock() }
      return names.count
    }
  }

  /// Makes an app's own actions known by name from the start, so a key bindings file or a
  /// recording naming one is accepted before the app first uses it. Call it in the app's
  /// setup with the actions it declares:
  ///
  ///     Action.register(.toggleChecked, .newItem)
  ///
  /// A `static let` is created lazily, on first use; passing it here creates it, and
  /// creating an action interns its name, which is all registering needs.
  public static func register(_ actions: Action...) {
    _ = actions
  }

  /// The action with this name if some code has declared it, else nil. Use it to validate
  /// names read from files without inventing new actions.
  public static func existing(named name: String) -> Action? {
    _ = standardSet
    return registry.existing(name).map { Action(index: $0) }
  }

  /// Every standard action. Static constants are created lazily, so a name such as "redo"
  /// exists only once something touched `Action.redo`; reading this first makes the whole
  /// standard set known to ``existing(named:)`` (and thus to key binding files) from the start.
  public static let standardSet: [Action] = [
    Action.cut, .copy, .paste, .delete, .selectAll, .undo, .redo, .cancelOperation,
    .insertNewline, .insertNewlineIgnoringFieldEditor, .insertTab, .insertBacktab,
    .performClose, .terminate, .selectNextKeyView, .selectPreviousKeyView, .complete,
    .moveBackward, .moveForward, .moveLeft, .moveRight, .moveUp, .moveDown, .moveWordBackward,
    .moveWordForward, .moveWordLeft, .moveWordRight, .moveToBeginningOfLine, .moveToEndOfLine,
    .moveToBeginningOfParagraph, .moveToEndOfParagraph, .moveToBeginningOfDocument,
    .moveToEndOfDocument, .moveLeftAndModifySelection, .moveRightAndModifySelection,
    .moveUpAndModifySelection, .moveDownAndModifySelection, .moveWordBackwardAndModifySelection,
    .moveWordForwardAndModifySelection, .moveToBeginningOfLineAndModifySelection,
    .moveToEndOfLineAndModifySelection, .moveToBeginningOfDocumentAndModifySelection,
    .moveToEndOfDocumentAndModifySelection, .deleteBackward, .deleteForward,
    .deleteWordBackward, .deleteWordForward, .deleteToBeginningOfLine, .deleteToEndOfLine,
    .transpose, .yank, .pageUp, .pageDown, .pageUpAndModifySelection,
    .pageDownAndModifySelection, .scrollLineUp, .scrollLineDown, .scrollPageUp, .scrollPageDown,
    .scrollToBeginningOfDocument, .scrollToEndOfDocument, .centerSelectionInVisibleArea,
    .performFindPanelAction, .findNext, .findPrevious,
  ]

  private init(index: Int) { self.index = index }
}

// MARK: - The standard set
// Names follow Cocoa's selectors without the colon, so key binding files read naturally.

extension Action {
  /// Cut the selection to the pasteboard.
  public static let cut = Action("cut")
  /// Copy the selection to the pasteboard.
  public static let copy = Action("copy")
  /// Paste from the pasteboard.
  public static let paste = Action("paste")
  /// Delete the selection (the Edit menu's Delete).
  public static let delete = Action("delete")
  /// Select everything.
  public static let selectAll = Action("selectAll")
  /// Undo the last change.
  public static let undo = Action("undo")
  /// Redo the last undone change.
  public static let redo = Action("redo")
  /// Escape: cancel the current operation (dismiss, stop editing).
  public static let cancelOperation = Action("cancelOperation")
  /// Return.
  public static let insertNewline = Action("insertNewline")
  /// Alt-Return: a newline even in a single-line field.
  public static let insertNewlineIgnoringFieldEditor = Action("insertNewlineIgnoringFieldEditor")
  /// Tab.
  public static let insertTab = Action("insertTab")
  /// Shift-Tab.
  public static let insertBacktab = Action("insertBacktab")
  /// Close the window, asking first.
  public static let performClose = Action("performClose")
  /// Quit the application, asking first.
  public static let terminate = Action("terminate")
  /// Move focus to the next key view.
  public static let selectNextKeyView = Action("selectNextKeyView")
  /// Move focus to the previous key view.
  public static let selectPreviousKeyView = Action("selectPreviousKeyView")
  /// Complete the word being typed.
  public static let complete = Action("complete")

  /// Move the insertion point backward (Control-b).
  public static let moveBackward = Action("moveBackward")
  /// Move the insertion point forward (Control-f).
  public static let moveForward = Action("moveForward")
  /// Left arrow.
  public static let moveLeft = Action("moveLeft")
  /// Right arrow.
  public static let moveRight = Action("moveRight")
  /// Up arrow.
  public static let moveUp = Action("moveUp")
  /// Down arrow.
  public static let moveDown = Action("moveDown")
  /// Alt-Left.
  public static let moveWordBackward = Action("moveWordBackward")
  /// Alt-Right.
  public static let moveWordForward = Action("moveWordForward")
  /// Alt-Left in left-to-right text.
  public static let moveWordLeft = Action("moveWordLeft")
  /// Alt-Right in left-to-right text.
  public static let moveWordRight = Action("moveWordRight")
  /// Control-a.
  public static let moveToBeginningOfLine = Action("moveToBeginningOfLine")
  /// Control-e.
  public static let moveToEndOfLine = Action("moveToEndOfLine")
  /// Home.
  public static let moveToBeginningOfParagraph = Action("moveToBeginningOfParagraph")
  /// End.
  public static let moveToEndOfParagraph = Action("moveToEndOfParagraph")
  /// Control-Home.
  public static let moveToBeginningOfDocument = Action("moveToBeginningOfDocument")
  /// Control-End.
  public static let moveToEndOfDocument = Action("moveToEndOfDocument")
  /// Shift-Left.
  public static let moveLeftAndModifySelection = Action("moveLeftAndModifySelection")
  /// Shift-Right.
  public static let moveRightAndModifySelection = Action("moveRightAndModifySelection")
  /// Shift-Up.
  public static let moveUpAndModifySelection = Action("moveUpAndModifySelection")
  /// Shift-Down.
  public static let moveDownAndModifySelection = Action("moveDownAndModifySelection")
  /// Shift-Alt-Left.
  public static let moveWordBackwardAndModifySelection = Action("moveWordBackwardAndModifySelection")
  /// Shift-Alt-Right.
  public static let moveWordForwardAndModifySelection = Action("moveWordForwardAndModifySelection")
  /// Shift-Home.
  public static let moveToBeginningOfLineAndModifySelection = Action(
    "moveToBeginningOfLineAndModifySelection")
  /// Shift-End.
  public static let moveToEndOfLineAndModifySelection = Action("moveToEndOfLineAndModifySelection")
  /// Shift-Control-Home.
  public static let moveToBeginningOfDocumentAndModifySelection = Action(
    "moveToBeginningOfDocumentAndModifySelection")
  /// Shift-Control-End.
  public static let moveToEndOfDocumentAndModifySelection = Action(
    "moveToEndOfDocumentAndModifySelection")

  /// BackSpace.
  public static let deleteBackward = Action("deleteBackward")
  /// Delete (forward), Control-d.
  public static let deleteForward = Action("deleteForward")
  /// Alt-BackSpace.
  public static let deleteWordBackward = Action("deleteWordBackward")
  /// Alt-Delete.
  public static let deleteWordForward = Action("deleteWordForward")
  /// Control-u.
  public static let deleteToBeginningOfLine = Action("deleteToBeginningOfLine")
  /// Control-k.
  public static let deleteToEndOfLine = Action("deleteToEndOfLine")
  /// Control-t.
  public static let transpose = Action("transpose")
  /// Control-y.
  public static let yank = Action("yank")

  /// Page Up (with the insertion point).
  public static let pageUp = Action("pageUp")
  /// Page Down (with the insertion point); Control-v.
  public static let pageDown = Action("pageDown")
  /// Shift-Page Up.
  public static let pageUpAndModifySelection = Action("pageUpAndModifySelection")
  /// Shift-Page Down.
  public static let pageDownAndModifySelection = Action("pageDownAndModifySelection")
  /// Scroll one line up.
  public static let scrollLineUp = Action("scrollLineUp")
  /// Scroll one line down.
  public static let scrollLineDown = Action("scrollLineDown")
  /// Scroll one page up.
  public static let scrollPageUp = Action("scrollPageUp")
  /// Scroll one page down.
  public static let scrollPageDown = Action("scrollPageDown")
  /// Scroll to the top.
  public static let scrollToBeginningOfDocument = Action("scrollToBeginningOfDocument")
  /// Scroll to the bottom.
  public static let scrollToEndOfDocument = Action("scrollToEndOfDocument")
  /// Control-l.
  public static let centerSelectionInVisibleArea = Action("centerSelectionInVisibleArea")
}
