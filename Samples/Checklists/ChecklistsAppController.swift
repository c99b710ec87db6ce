import Foundation
import ResponderKit

/// Builds and runs the app: loads the data, makes the window, the screens and the menus, saves
/// after every change, and decides about quitting (the application's delegate).
///
/// Saving happens after each change (and on Save), so quitting never loses data; the one thing
/// quitting can lose is text typed in an open Add/Edit screen, so ``applicationShouldTerminate(_:)``
/// asks about it with an alert (Save, Discard, Cancel) and answers later.
@MainActor
final class ChecklistsAppController: ApplicationDelegate, ActionTarget {
  let application = Application()
  let window = ChecklistsWindow()
  let store: ChecklistsStore
  let model: ChecklistsModel
  let pasteboard = Pasteboard()
  let navigation: NavigationController
  let rootViewController: RootViewController

  /// A problem found while loading, reported in an alert once the app has launched.
  let launchProblem: (title: String, message: String)?
  /// True when the file exists but could not be read: saving would overwrite it, so the
  /// session does not save.
  let savingDisabled: Bool
  /// The last save's failure, if the last save failed.
  private(set) var lastSaveError: ChecklistsStoreError?
  /// The alert on screen (launch problem or unsaved edit), for tests.
  private(set) weak var currentAlert: Alert?

  init(dataURL: URL) {
    store = ChecklistsStore(url: dataURL)
    var lists = ChecklistsModel.starterLists
    var problem: (title: String, message: String)?
    var disabled = false
    do {
      switch try store.load() {
      case .loaded(let loaded):
        lists = loaded
      case .missing:
        break
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
        "\(error). Changes will not be saved in this session, so the file stays as it is."
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
    application.addWindow(window)
    window.rootViewController = rootViewController
    window.makeKeyAndOrderFront()
    model.undoManager = window.undoManager
    model.changeHandler = { [weak self] in self?.save() }
    if disabled { rootViewController.rootView.statusLine.message = "Not saving: the file could not be read" }
  }

  /// File and Edit. Every item is nil-targeted: it goes to whatever in the responder chain
  /// can do it now, and is disabled when nothing can.
  static func makeMainMenu() -> Menu {
    func key(_ spec: String) -> KeySpec? { try? KeySpec(parsing: spec) }
    let file = Menu(
      title: "File",
      items: [
        MenuItem(title: "New Item", action: .newItem, keyEquivalent: key("Control+n")),
        MenuItem(title: "Save", action: .save, keyEquivalent: key("Control+s")),
        .separator(),
        MenuItem(title: "Quit", action: .terminate, keyEquivalent: key("Control+q")),
      ])
    let edit = Menu(
      title: "Edit",
      items: [
        MenuItem(title: "Undo", action: .undo, keyEquivalent: key("Control+z")),
        MenuItem(title: "Redo", action: .redo, keyEquivalent: key("Control+y")),
        .separator(),
        MenuItem(title: "Cut", action: .cut, keyEquivalent: key("Control+x")),
        MenuItem(title: "Copy", action: .copy, keyEquivalent: key("Control+c")),
        MenuItem(title: "Paste", action: .paste, keyEquivalent: key("Control+v")),
        MenuItem(title: "Delete", action: .delete),
      ])
    let fileItem = MenuItem(title: "File")
    fileItem.submenu = file
    let editItem = MenuItem(title: "Edit")
    editItem.submenu = edit
    return Menu(items: [fileItem, editItem])
  }

  // MARK: Saving

  /// Writes the data file; a failure is shown in the status line and retried at the next
  /// change, Save, or quit.
  @discardableResult
  func save() -> Bool {
    guard !savingDisabled else { return false }
    do {
      try store.save(model.checklists)
      rootViewController.rootView.statusLine.message = ""
      lastSaveError = nil
      return true
    } catch {
      lastSaveError = error
      rootViewController.rootView.statusLine.message = "Not saved: \(error.reason)"
      return false
    }
  }

  static var actionTable: ActionTable { controllerActions }
  private static let controllerActions = ActionTable(ChecklistsAppController.self) {
    $0.add(.save) { controller in
      if controller.save() {
        controller.rootViewController.rootView.statusLine.message = "Saved"
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

  /// Quits at once unless an Add/Edit screen holds typing; then asks, and answers later.
  func applicationShouldTerminate(_ application: Application) -> Application.TerminateReply {
    guard let detail = navigation.topViewController as? TextDetailViewController, detail.hasUnsavedChanges
    else { return .now }
    askAboutUnsavedEdit(in: detail)
    return .later
  }

  private func askAboutUnsavedEdit(in detail: TextDetailViewController) {
    let typed = detail.textField.text
    let alert = Alert(
      title: "Save your changes before quitting?",
      message: typed.isEmpty
        ? "The name in \(detail.title ?? "this screen") was cleared."
        : "\(detail.title ?? "This screen") has “\(typed)”, not saved yet.")
    var titles: [String] = []
    if detail.canFinish { titles.append("Save") }
    titles += ["Discard", "Cancel"]
    for title in titles { alert.addButton(withTitle: title) }
    currentAlert = alert
    alert.beginModal(for: self.application) { [weak self, weak detail] response in
      guard let self else { return }
      let index = response.rawValue - ModalResponse.alertFirstButtonReturn.rawValue
      let choice = titles.indices.contains(index) ? titles[index] : "Cancel"
      switch choice {
      case "Save":
        detail?.done()
        self.application.reply(toApplicationShouldTerminate: true)
      case "Discard":
        self.application.reply(toApplicationShouldTerminate: true)
      default:
        self.application.reply(toApplicationShouldTerminate: false)
      }
    }
  }

  /// A last try if the latest save failed.
  func applicationWillTerminate(_ notification: Notification) {
    if lastSaveError != nil { save() }
  }
}
