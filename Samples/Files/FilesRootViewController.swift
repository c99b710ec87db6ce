import Foundation
import ResponderKit

/// The window's content: the menu bar; the folder tree, the entry table and the preview in a
/// split view; the loading row and the name prompt while they are needed; the status bar.
@MainActor
final class FilesRootViewController: ViewController, SplitViewDelegate {
  let model: FilesModel
  let tree: FolderTreeViewController
  let entries: EntriesViewController
  let preview: PreviewViewController
  let menuBar = MenuBar()
  let split = SplitView()
  let loading = LoadingView()
  let prompt = PromptBar()
  let statusBar = StatusBar()
  /// The status bar's message and count, bound to the model.
  let messageItem = StatusBarItem(title: "")
  let countItem = StatusBarItem(title: "")

  init(
    model: FilesModel, tree: FolderTreeViewController, entries: EntriesViewController,
    preview: PreviewViewController
  ) {
    self.model = model
    self.tree = tree
    self.entries = entries
    self.preview = preview
    super.init()
  }

  override func loadView() {
    let stack = StackView(arrangedSubviews: [menuBar])
    menuBar.barStyle = TextStyle(attributes: .reverse)
    for child in [tree, entries, preview] {
      addChild(child)
      split.addArrangedSubview(child.view)
    }
    split.delegate = self
    stack.addArrangedSubview(split, flexible: true)
    stack.addArrangedSubview(loading)
    stack.addArrangedSubview(prompt)
    stack.addArrangedSubview(statusBar)
    statusBar.items = [
      StatusBarItem(key: "F1", title: "keys", action: nil), StatusBarItem(key: "F10", title: "menu"),
      StatusBarItem(key: "Del", title: "trash"), StatusBarItem(key: "^C", title: "copy path"),
      StatusBarItem(key: "^Q", title: "quit", action: .terminate), .flexibleSpace(), messageItem, countItem,
    ]
    countItem.style = TextStyle(attributes: .bold)
    messageItem.bind(\.title, to: model, \.message)
    countItem.bind(\.title, to: model, \.summary)
    loading.bind(\.isHidden, to: model, \.isIdle)
    loading.bar.bind(\.doubleValue, to: model, \.progress)
    loading.label.bind(\.text, to: model, \.summary)
    view = stack
  }

  // MARK: Split view delegate

  /// The tree and the preview keep their widths when the window is resized; the table takes
  /// the difference.
  func splitView(_ splitView: SplitView, shouldAdjustSizeOfSubview subview: View) -> Bool {
    subview === entries.view
  }

  /// Every pane keeps at least 8 columns unless it is collapsed.
  func splitView(_ splitView: SplitView, constrainMinCoordinate proposed: Double, ofSubviewAt index: Int)
    -> Double
  {
    proposed + 8
  }

  func splitView(_ splitView: SplitView, constrainMaxCoordinate proposed: Double, ofSubviewAt index: Int)
    -> Double
  {
    proposed - 8
  }

  /// The tree and the preview collapse when dragged past half their minimum.
  func splitView(_ splitView: SplitView, canCollapseSubview subview: View) -> Bool {
    subview !== entries.view
  }

  /// Whether the dividers were placed: once, at the first layout with room.
  private var placedDividers = false

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    guard !placedDividers, split.bounds.width > 0 else { return }
    placedDividers = true
    placeDividers(width: split.bounds.width)
  }

  /// Sizes the panes for the first time: the tree a fifth, the preview a quarter.
  private func placeDividers(width: Double) {
    split.layoutIfNeeded()
    let treeWidth = max(16, (width / 5).rounded(.down))
    let previewWidth = max(16, (width / 4).rounded(.down))
    split.setPosition(treeWidth, ofDividerAt: 0)
    split.setPosition(width - previewWidth - 1, ofDividerAt: 1)
  }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand(
        title: "Enclosing Folder", input: KeyCommand.inputUpArrow, modifierFlags: .alt,
        action: .openEnclosingFolder),
      KeyCommand(title: "Redo", input: "z", modifierFlags: [.control, .shift], action: .redo),
    ]
  }
}
