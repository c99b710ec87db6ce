import Foundation
import ResponderKit
import TerminalHost

/// The ResponderKit side of the four-row list (`LatencyBenchmarks --list`), written as an app
/// author would, with public API only: a table of "Item 1"…"Item 4" as the window's root view,
/// the first row selected; Down and Up move the selection (the table's own key bindings).
@MainActor
final class FourRowList: TableViewDataSource {
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 4 }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "item") ?? TableViewCell(reuseIdentifier: "item")
    cell.text = "Item \(indexPath.row + 1)"
    return cell
  }

  /// Runs the app in this process's terminal until it is signalled.
  static func run() -> Never {
    let rows = FourRowList()
    let app = Application()
    let window = Window()
    let table = TableView()
    table.dataSource = rows
    window.rootView = table
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(table)
    table.selectRow(at: IndexPath(row: 0, section: 0))
    // The table holds its data source weakly; `run` never returns, so this keeps it.
    withExtendedLifetime(rows) { TerminalHost.run(app) }
  }
}
