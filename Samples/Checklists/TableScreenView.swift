import Foundation
import ResponderKit

/// A screen that is a list: the table, indented one column, and a hint shown in its place
/// while the list is empty.
@MainActor
final class TableScreenView: View {
  let tableView = TappableTableView()
  let emptyLabel = Label(text: "", style: TextStyle(attributes: .dim))

  init() {
    super.init(frame: .zero)
    addSubview(tableView)
    addSubview(emptyLabel)
  }

  /// Shows the empty hint instead of the table when there are no rows.
  func updateEmptyState() {
    emptyLabel.isHidden = tableView.numberOfRows(inSection: 0) > 0
  }

  override func layoutSubviews() {
    let width = max(0, bounds.width - 2)
    tableView.frame = Rect(x: 1, y: 1, width: width, height: max(0, bounds.height - 1))
    emptyLabel.frame = Rect(x: 2, y: 2, width: max(0, width - 1), height: 1)
  }
}
