import Foundation
import ResponderKit
import TerminalHost

/// Builds and runs the app: loads the data, makes the window, the screens and the menus, saves
/// after every change, and decides about quitting (the application's delegate).
///
/// Saving happens after each change (and on Save). Quitting never loses work silently:
/// ``applicationShouldTerminate(_:)`` asks with an alert (Save, Discard, Cancel) and answers
/// later when an open Add/Edit screen holds typing, when the last save failed (naming the
/// file and why; Save tries again), or when changes were made while saving was off because
/// the file could not be read (Save As then writes them to a new file beside it).
///
/// It is also the window's delegate, giving the window the undo manager of the document on
/// screen: a checklist's own, or the all-lists screen's for changes to the set of lists.
@MainActor
final class ChecklistsAppController: ApplicationDelegate, WindowDelegate, ActionTarget {
  let application = Application()
  let window = Window()
  let store: ChecklistsStore
  let model: ChecklistsModel
  /// The system clipboard, through the terminal's OSC 52 while the host runs.
  let pasteboard = Pasteboard.general
  let navigation: NavigationController
  let rootViewController: RootViewController

  /// A problem found while loading, reported in an alert once the app has launched.
  let launchProblem: (title: String, message: String)?
  /// True when the file exists but could not be read: saving would overwrite it, so the
  /// session does not save.
  let savingDisabled: Bool
  /// The last save's failure, if the last save failed.
  private(set) var lastSaveError: ChecklistsStoreError?
  /// Whether the model changed since it was last written (always true after a failed save,
  /// and after any change while saving is off).
  private(set) var hasUnsavedChanges = false
  /// Set when the user chose Discard on quitting, so nothing is written on the way out.
  private var discardsChanges = false
  /// The alert on screen (launch problem or unsaved edit), for tests.
  private(set) weak var currentAlert: Alert?

  init(dataURL: URL, fileCalls: DataFileCalls = .system) {
    Action.register(.newItem, .editItem, .toggleChecked, .save, .done, .cancel)
    store = ChecklistsStore(url: dataURL, calls: fileCalls)
    var lists = ChecklistsModel.starterLists
    var problem: (title: String, message: String)?
    var disabled = false
    var notice: String?
    do {
      switch try store.load() {
      case .loaded(let loaded):
        lists = loaded
      case .missing:
        break
      case .empty:
        // Nothing to lose or keep: not "damaged", just a fresh start.
        lists = []
        notice = "\(dataURL.lastPathComponent) was empty: starting with no checklists."
      case .damaged(let aside, let reason):
        lists = []
        problem = (
          "Your checklists file was damaged",
          "\(dataURL.lastPathComponent) could not be read: \(reason). It was kept as \(aside.path) "
            + "and nothing was overwritten. Starting with no checklists."
        )
      }
    } catch {
      lists = []
      disabled = true
      problem = (
        "Your checklists could not be read",
        "\(error). Changes will not be saved over it; on quitting you can save them to a new "
          + "file beside it."
      )
    }
    launchProblem = problem
    savingDisabled = disabled
    model = ChecklistsModel(checklists: lists)
    let allLists = AllListsViewController(model: model, pasteboard: pasteboard)
    navigation = NavigationController(rootViewController: allLists)
    navigation.navigationBar.barStyle = TextStyle(attributes: .bold)
    rootViewController = RootViewController(navigation: navigation)

    application.delegate = self
    application.mainMenu = Self.makeMainMenu()
    window.delegate = self
    application.addWindow(window)
    window.rootViewController = rootViewController
    window.makeKeyAndOrderFront()
    model.changeHandler = { [weak self] in
      self?.hasUnsavedChanges = true
      self?.save()
    }
    if disabled { rootViewController.rootView.message = "Not saving: the file could not be read" }
    if let notice { rootViewController.rootView.message = notice }
  }

  /// File and Edit. Every item is nil-targeted: it goes to whatever in the responder chain
  /// can do it now, and is disabled when nothing can.
  static func makeMainMenu() -> Menu {
    // Typed, not parsed from strings: a mistyped shortcut is a compile error, never a
    // silently missing key equivalent.
    func control(_ character: String) -> KeySpec { KeySpec(character: character, modifiers: .control) }
    let file = Menu(
      title: "File",
      items: [
        MenuItem(title: "New Item", action: .newItem, keyEquivalent: control("n")),
        MenuItem(title: "Save", action: .save, keyEquivalent: control("s")),
        .separator(),
        MenuItem(title: "Quit", action: .terminate, keyEquivalent: control("q")),
      ])
    return Menu(items: [MenuItem(submenu: file), MenuItem(submenu: .standardEditMenu())])
  }

  // MARK: Saving

  /// Writes the data file; a failure is shown in the status line and retried at the next
  /// change, Save, or quit.
  @discardableResult
  func save() -> Bool {
    guard !savingDisabled else { return false }
    do {
      try store.save(model.checklists)
      rootViewController.rootView.message = ""
      lastSaveError = nil
      hasUnsavedChanges = false
      return true
    } catch {
      lastSaveError = error
      rootViewController.rootView.message = "Not saved. \(error)"
      return false
    }
  }

  /// Writes the lists to a new file beside the unreadable one (Save As); returns the file, or
  /// nil after reporting the failure in the status line.
  func saveBeside() -> URL? {
    let destination = store.recoveryURL()
    do {
      try store.save(model.checklists, to: destination)
      lastSaveError = nil
      hasUnsavedChanges = false
      return destination
    } catch {
      lastSaveError = error
      rootViewController.rootView.message = "Not saved. \(error)"
      return nil
    }
  }

  static var actionTable: ActionTable { controllerActions }
  private static let controllerActions = ActionTable(ChecklistsAppController.self) {
    $0.add(.save) { controller in
      if controller.save() {
        controller.rootViewController.rootView.message = "Saved"
      }
    }
  }

  func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    action == .save ? !savingDisabled : Self.actionTable.contains(action)
  }

  // MARK: Application delegate

  /// Reports a damaged or unreadable data file.
  func applicationDidFinishLaunching(_ notification: Notification) {
    guard let launchProblem else { return }
    let alert = Alert(title: launchProblem.title, message: launchProblem.message)
    alert.maximumTextWidth = 60
    alert.addButton(withTitle: "OK")
    currentAlert = alert
    alert.beginModal(for: application)
  }

  /// Quits at once unless something would be lost; then asks, and answers later.
  func applicationShouldTerminate(_ application: Application) -> Application.TerminateReply {
    if let detail = navigation.topViewController as? TextDetailViewController, detail.hasUnsavedChanges {
      askAboutUnsavedEdit(in: detail)
      return .later
    }
    guard hasUnsavedChanges else { return .now }
    askAboutUnsavedData()
    return .later
  }

  /// Shows an alert with `titles` as buttons and calls `handler` with the title chosen
  /// (Cancel when the alert is dismissed otherwise).
  private func ask(
    _ title: String, _ message: String, buttons titles: [String],
    handler: @escaping @MainActor (ChecklistsAppController, String) -> Void
  ) {
    let alert = Alert(title: title, message: message)
    alert.maximumTextWidth = 60
    for title in titles { alert.addButton(withTitle: title) }
    currentAlert = alert
    alert.beginModal(for: application) { [weak self] response in
      guard let self else { return }
      let index = response.rawValue - ModalResponse.alertFirstButtonReturn.rawValue
      handler(self, titles.indices.contains(index) ? titles[index] : "Cancel")
    }
  }

  private func askAboutUnsavedEdit(in detail: TextDetailViewController) {
    let typed = detail.textField.text
    var titles: [String] = []
    if detail.canFinish { titles.append("Save") }
    titles += ["Discard", "Cancel"]
    ask(
      "Save your changes before quitting?",
      typed.isEmpty
        ? "The name in \(detail.title ?? "this screen") was cleared."
        : "\(detail.title ?? "This screen") has “\(typed)”, not saved yet.",
      buttons: titles
    ) { [weak detail] controller, choice in
      switch choice {
      case "Save":
        detail?.done()
        controller.finishQuitting()
      case "Discard":
        controller.finishQuitting()
      default:
        controller.application.reply(toApplicationShouldTerminate: false)
      }
    }
  }

  /// Goes on quitting after an edit was settled: asks about unsaved data if there is some.
  private func finishQuitting() {
    if hasUnsavedChanges {
      askAboutUnsavedData()
    } else {
      application.reply(toApplicationShouldTerminate: true)
    }
  }

  /// Asks about changes that are not on disk: after a failed save, Save tries again (and asks
  /// again if it fails); when saving is off, Save As writes them beside the unreadable file.
  private func askAboutUnsavedData() {
    let title = "Your changes are not saved"
    if savingDisabled {
      let beside = store.recoveryURL()
      var message = "\(store.url.path) could not be read, so it is left as it is."
      if let lastSaveError { message += " \(lastSaveError)." }
      message += " Save As writes your changes to \(beside.lastPathComponent) beside it."
      ask(title, message, buttons: ["Save As", "Discard", "Cancel"]) { controller, choice in
        controller.settle(choice) { $0.saveBeside() != nil }
      }
    } else {
      let reason = lastSaveError.map { "\($0)." } ?? "\(store.url.path) was not written yet."
      ask(title, "\(reason) Save tries again.", buttons: ["Save", "Discard", "Cancel"]) {
        controller, choice in
        controller.settle(choice) { $0.save() }
      }
    }
  }

  /// Acts on the answer about unsaved data: a save that fails asks again with the new reason.
  private func settle(_ choice: String, saving: (ChecklistsAppController) -> Bool) {
    switch choice {
    case "Discard":
      discardsChanges = true
      application.reply(toApplicationShouldTerminate: true)
    case "Cancel":
      application.reply(toApplicationShouldTerminate: false)
    default:
      if saving(self) {
        application.reply(toApplicationShouldTerminate: true)
      } else {
        askAboutUnsavedData()
      }
    }
  }

  /// A last try if the latest save failed and the user did not discard (a quit by signal
  /// does not ask).
  func applicationWillTerminate(_ notification: Notification) {
    if lastSaveError != nil, !discardsChanges { save() }
  }

  // MARK: Window delegate

  /// The undo manager of the document on screen: the checklist shown (or under the Add/Edit
  /// Item screen), else the all-lists screen's.
  func windowWillReturnUndoManager(_ window: Window) -> UndoManager? {
    for controller in navigation.viewControllers.reversed() {
      if let list = controller as? ChecklistViewController { return model.undoManager(forList: list.listID) }
    }
    return model.listsUndoManager
  }
}
