import Foundation

/// A table delegate that gives rows their own heights: UIKit's `tableView(_:heightForRowAt:)`.
///
/// Apple's page for
/// [`tableView(_:heightForRowAt:)`](https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:heightforrowat:))
/// says to implement it only when rows differ, and to set `rowHeight` otherwise: its presence
/// makes the table ask once per row each time it counts rows again. Here conforming is that
/// choice: the table casts its delegate to this protocol once, when the delegate is set; a
/// delegate that does not conform leaves every row ``TableView/rowHeight`` high, counted
/// without a call per row.
@MainActor
public protocol TableViewRowHeightDelegate: TableViewDelegate {
  /// The height of a row in cells; less than 1 counts as 1.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int
}
