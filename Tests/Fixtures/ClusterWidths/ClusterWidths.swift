import Foundation
import Glibc
import ResponderKit
import TerminalHost

/// A small app for the width probe's end-to-end checks (`make terminals`' widths step,
/// `ClusterWidthsTmuxTests`): through the real ``TerminalHost`` it draws clusters terminals
/// measure differently over a screen full of `X`, the same screen twice: first unmeasured
/// (confined, each probed with a cursor report), then, after a screen of `X` again, by the
/// widths the terminal answered. Then it writes each cluster's answered width, one line each
/// (`✈️ 1`, `none` where no answer came), to the file `CLUSTER_WIDTHS_LOG` names, and shows
/// `widths done` on row 8. Not a sample: the harness ends it.
///
/// The screen is `Tests/Terminals/Widths`' (widths.py): row y holds `B`s with the y-th cluster
/// at column 2 + y; row 6 ends in 👩‍💻; row 7 is all `B`, the reference row.
@main
@MainActor
enum ClusterWidths {
  static let clusters: [Character] = ["✈️", "❤️", "👩‍💻", "🇩🇪", "👍🏽", "🫠"]

  static func main() {
    let app = Application()
    app.keyCommandOverlay.isEnabled = false
    let window = Window()
    let screen = ClusterScreen()
    window.rootView = screen
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    var configuration = TerminalHost.Configuration()
    configuration.inspectorKey = nil
    let host = TerminalHost(application: app, configuration: configuration)
    do {
      try host.start()
    } catch {
      FileHandle.standardError.write(Data("ClusterWidths: \(error)\n".utf8))
      exit(1)
    }
    // X, the clusters (probed), X, the clusters again (by the answers): 0.4 s apart, a second
    // for the answers.
    for (phase, delay) in [(1, 0.4), (2, 1.4), (3, 1.8)] {
      app.scheduleTimer(after: delay) { _ in
        screen.phase = phase
        screen.setNeedsDisplay()
        guard phase == 3 else { return }
        let lines = clusters.map { "\($0) \(host.terminalWidth(of: $0).map(String.init) ?? "none")\n" }
        if let path = ProcessInfo.processInfo.environment["CLUSTER_WIDTHS_LOG"] {
          _ = FileManager.default.createFile(atPath: path, contents: Data(lines.joined().utf8))
        }
      }
    }
    RunLoop.main.run()
  }
}

final class ClusterScreen: View {
  var phase = 0

  override func draw(in canvas: Canvas) {
    let columns = Int(bounds.width)
    for y in 0..<8 { canvas.draw(String(repeating: phase % 2 == 0 ? "X" : "B", count: columns), x: 0, y: y) }
    guard phase % 2 == 1 else { return }
    for (y, cluster) in ClusterWidths.clusters.enumerated() {
      _ = canvas.draw(String(cluster), x: 2 + y, y: y)
    }
    _ = canvas.draw("👩‍💻", x: columns - 2, y: 6)
    if phase == 3 { _ = canvas.draw("widths done", x: 0, y: 8) }
  }
}
