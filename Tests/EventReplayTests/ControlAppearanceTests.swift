import EventReplay
import Foundation
import ResponderKit
import Testing

/// Each control drawn in each state, in the standard and the monochrome theme, compared with
/// readable styled-cell files (Snapshots/appearance). The states are reached as a user would:
/// focus through the window, highlight by a touch held down inside, disabled and selected
/// through the properties.
@MainActor
@Suite("Control appearance")
struct ControlAppearanceTests {
  enum Look: String, CaseIterable {
    case normal, focused, highlighted, disabled, selected
  }

  /// One row per theme and state: a label, then the control drawn in that state.
  private func sheet(width: Int = 16, _ make: () -> Control) -> CellBuffer {
    let themes: [(String, Theme)] = [("", .standard), ("mono ", .monochrome)]
    var sheet = CellBuffer(columns: 18 + width, rows: themes.count * Look.allCases.count)
    var row = 0
    for (prefix, theme) in themes {
      for look in Look.allCases {
        let line = render(make(), in: look, theme: theme, width: width)
        let label = Array(prefix + look.rawValue)
        for x in 0..<18 { sheet[x, row] = x < label.count ? Cell(label[x]) : .blank() }
        for x in 0..<width { sheet[18 + x, row] = line[x, 0] }
        row += 1
      }
    }
    return sheet
  }

  private func render(_ control: Control, in look: Look, theme: Theme, width: Int) -> CellBuffer {
    let app = Application()
    app.theme = theme
    app.screenSize = Size(width: Double(width), height: 1)
    let window = Window(frame: Rect(x: 0, y: 0, width: Double(width), height: 1))
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    let root = View(frame: window.frame)
    window.rootView = root
    if control.frame.width == 0 { control.frame = Rect(x: 0, y: 0, width: Double(width), height: 1) }
    root.addSubview(control)
    switch look {
    case .normal: break
    case .focused: #expect(window.makeFirstResponder(control))
    case .highlighted:
      app.handle(.touches([TouchSample(id: 0, phase: .began, location: Point(x: 1, y: 0), timestamp: 1)]))
      #expect(control.isHighlighted)
    case .disabled: control.isEnabled = false
    case .selected: control.isSelected = true
    }
    return app.renderScreen()
  }

  private func expectSnapshot(_ buffer: CellBuffer, _ name: String) {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Snapshots/appearance/\(name).txt")
    let mismatch = Snapshot.compare(buffer, toFileAt: file)
    #expect(mismatch == nil, "\(String(describing: mismatch))")
  }

  @Test func buttonInEachState() {
    expectSnapshot(sheet { Button(title: "Save") }, "button")
  }

  @Test func switchInEachState() {
    expectSnapshot(sheet { Switch(title: "Done", isOn: true) }, "switch")
  }

  @Test func sliderInEachState() {
    expectSnapshot(
      sheet(width: 10) { Slider(frame: Rect(x: 0, y: 0, width: 10, height: 1), value: 0.5) }, "slider")
  }

  @Test func stepperInEachState() {
    expectSnapshot(sheet(width: 5) { Stepper(value: 5, minimumValue: 0, maximumValue: 10) }, "stepper")
  }

  @Test func segmentedControlInEachState() {
    expectSnapshot(
      sheet {
        let control = SegmentedControl(items: ["All", "Open"])
        control.selectedSegmentIndex = 0
        return control
      }, "segmented-control")
  }

  @Test func textFieldInEachState() {
    expectSnapshot(sheet(width: 10) { TextField(text: "hello") }, "text-field")
  }

  /// A table's rows: unselected, selected, and selected while the table has the focus.
  @Test func tableRowsInEachState() {
    final class Rows: TableViewDataSource {
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = TableViewCell()
        cell.text = ["Milk", "Eggs", "Bread"][indexPath.row]
        return cell
      }
    }
    let rows = Rows()
    var sheet = CellBuffer(columns: 12, rows: 6)
    for (index, theme) in [Theme.standard, .monochrome].enumerated() {
      for focused in [false, true] {
        let app = Application()
        app.theme = theme
        app.screenSize = Size(width: 6, height: 3)
        let window = Window(frame: Rect(x: 0, y: 0, width: 6, height: 3))
        app.addWindow(window)
        window.makeKeyAndOrderFront()
        let table = TableView(frame: window.frame)
        window.rootView = table
        table.dataSource = rows
        table.selectRow(at: IndexPath(row: 1))
        if focused { #expect(window.makeFirstResponder(table)) }
        let screen = app.renderScreen()
        for y in 0..<3 {
          for x in 0..<6 { sheet[x + (focused ? 6 : 0), y + 3 * index] = screen[x, y] }
        }
      }
    }
    expectSnapshot(sheet, "table-rows")
  }

  @Test func aViewsTintColorReachesTheControlsInside() {
    let app = Application()
    app.screenSize = Size(width: 12, height: 1)
    let window = Window(frame: Rect(x: 0, y: 0, width: 12, height: 1))
    app.addWindow(window)
    let root = View(frame: window.frame)
    window.rootView = root
    let button = Button(title: "Go")
    root.addSubview(button)
    #expect(button.tintColor == Theme.standard.tint)
    root.tintColor = .destructiveRed
    #expect(button.tintColor == .destructiveRed)
    #expect(app.renderScreen()[0, 0].style.foreground == .destructiveRed)
    root.tintColor = nil
    #expect(button.tintColor == Theme.standard.tint)
  }
}

extension Color {
  fileprivate static let destructiveRed = Theme.standard.destructive
}
