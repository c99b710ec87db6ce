/// Manages one window of a ``Document`` — AppKit's `NSWindowController`: it owns the window,
/// shows the document's name and edited state in the window's title, and is the window's
/// ``Responder/next`` responder, so actions and keys the window passes on reach it (and the
/// app's subclass) before the application.
///
/// In the nil-target search it is asked after its window, then the window's delegate, then
/// the document (AppKit: "The Path of Action Messages", document-based apps). A window
/// controller also works without a document, as a place for a window's actions.
@MainActor
open class WindowController: Responder {
  /// Creates a controller owning `window`.
  public init(window: Window? = nil) {
    super.init()
    self.window = window
    link(window)
  }

  isolated deinit {
    // The window may outlive its controller; its link to this one (unretained) must go.
    window?.windowControllerWentAway(self)
  }

  /// The window, owned by the controller; the window's ``Window/windowController`` is this.
  public var window: Window? {
    didSet {
      guard oldValue !== window else { return }
      oldValue?.windowControllerWentAway(self)
      link(window)
    }
  }

  private func link(_ window: Window?) {
    guard let window else { return }
    window.windowController?.window = nil
    window.windowControllerStorage = self
    synchronizeWindowTitleWithDocumentName()
  }

  /// The document whose window this is; set by ``Document/addWindowController(_:)``. Weak: the
  /// document owns its controllers.
  public internal(set) weak var document: Document? {
    didSet { if document !== oldValue { synchronizeWindowTitleWithDocumentName() } }
  }

  /// Whether closing this window closes the document even when it has other windows (AppKit's
  /// `shouldCloseDocument`); false: the document closes with its last window.
  open var shouldCloseDocument = false

  /// What the window's title shows for the document's name (AppKit's); default the name.
  open func windowTitle(forDocumentDisplayName displayName: String) -> String { displayName }

  /// What the title adds while the document has unsaved changes: " — Edited", as macOS puts
  /// it after the name.
  public static let editedTitleSuffix = " — Edited"

  /// Sets the window's title to the document's name, with ``editedTitleSuffix`` while it is
  /// edited (AppKit's `synchronizeWindowTitleWithDocumentName()`); the document calls it when
  /// either changes.
  open func synchronizeWindowTitleWithDocumentName() {
    guard let window, let document else { return }
    let title = windowTitle(forDocumentDisplayName: document.displayName)
    window.title = document.isDocumentEdited ? title + Self.editedTitleSuffix : title
  }

  /// Shows the window in front, key and main (in the document's application when the window
  /// is not in one yet).
  open func showWindow(_ sender: Any?) {
    guard let window else { return }
    if window.application == nil, let app = document?.application ?? Application.shared {
      app.addWindow(window)
    }
    window.makeKeyAndOrderFront()
  }

  /// Closes the window without asking.
  open func close() {
    window?.close()
  }

  /// The window closed (``Window/close()``): the document closes with its last window.
  func windowDidClose() {
    document?.windowControllerDidClose(self)
  }

  // MARK: The responder chain

  /// The window's application, as the window's next would be without a controller.
  open override var next: Responder? { window?.application }

  /// The controller's window.
  open override var responderWindow: Window? { nil }

  /// Its own actions: none; subclasses add theirs.
  open override class var actionTable: ActionTable { controllerActions }

  // Declares what WindowController keeps: no key commands and keys passed on.
  private static let controllerActions = ActionTable(
    WindowController.self, inheriting: Responder.actionTable, keeping: [.keyCommands, .keyDown, .keyUp]
  ) { _ in }

  /// The window's delegate follows the controller (the window's next responder), as AppKit's
  /// search tries the window's whole responder chain before the delegate.
  override var actionDelegate: (any ActionTarget)? {
    guard let window, window.windowControllerStorage === self else { return nil }
    return window.delegateActionTarget
  }

  /// Then the document, unless it is the delegate already asked.
  override var followingTarget: (any ActionTarget)? {
    guard let document, actionDelegate !== document else { return nil }
    return document
  }

  /// A key binding's command sent to the key window ends here, after the window's delegate
  /// and document.
  override var commandEndsHere: Bool { window?.endsCommand ?? false }

  /// Then what follows the window: the main window's part, or the application.
  override func nextInSearch(from sender: Any?) -> Responder? {
    guard let window, window.windowControllerStorage === self else { return next }
    return window.searchAfterWindow(from: sender)
  }
}
