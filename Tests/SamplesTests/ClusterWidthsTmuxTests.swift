import Foundation
import Testing

/// The width probe end to end in tmux, which answers a cursor position request with its own
/// widths (3.3a: ✈️ one column, 👍🏽 four): the ClusterWidths fixture, through the real
/// `TerminalHost`, draws clusters of varying width, probes them, and draws them again by the
/// answers. The widths it learned must be what tmux reports to a plain program
/// (Tests/Terminals/clusterwidths.py), and every row must be intact on tmux's screen.
@Suite("Width probe in tmux", .serialized)
struct ClusterWidthsTmuxTests {
  static let columns = 30
  static let clusters: [Character] = ["✈️", "❤️", "👩‍💻", "🇩🇪", "👍🏽", "🫠"]
  let binary = TmuxSession.productPath("ClusterWidths")
  let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Terminals/clusterwidths.py").path

  @Test func theProbedWidthsAreTmuxsAndEveryRowIsIntact() throws {
    let session = try TmuxSession(width: Self.columns, height: 10)
    let theirs = session.file("tmux-widths")
    let ours = session.file("probed-widths")
    try session.run("python3 \(script) \(theirs.path) && CLUSTER_WIDTHS_LOG=\(ours.path) \(binary)")
    #expect(try session.waitFor("widths done"))
    let rows = try session.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let tmux = try String(contentsOf: theirs, encoding: .utf8)
    let probed = try String(contentsOf: ours, encoding: .utf8)
    #expect(probed == tmux)
    // tmux's widths, as it reported them.
    var widths: [Character: Int] = [:]
    for line in tmux.split(separator: "\n") {
      let parts = line.split(separator: " ")
      if parts.count == 2, let cluster = parts[0].first, let width = Int(parts[1]) { widths[cluster] = width }
    }
    #expect(widths.count == Self.clusters.count, "\(tmux)")
    for (y, cluster) in Self.clusters.enumerated() {
      let row = rows[y]
      let before = String(repeating: "B", count: 2 + y)
      let after = String(repeating: "B", count: Self.columns - 4 - y)
      // Drawn by tmux's width: the cluster and the blanks it leaves of its two cells, or, where
      // tmux takes it wider, its first scalar alone.
      let width = widths[cluster] ?? 2
      let middle =
        width > 2
        ? String(cluster.unicodeScalars.first!)
        : String(cluster) + String(repeating: " ", count: max(0, 2 - width))
      #expect(row == before + middle + after, "row \(y) (\(cluster), \(width) in tmux)")
    }
    // In the last two columns: the cluster itself where tmux measures it as the frame does
    // (3.3a: 👩‍💻 two columns), else 👩 (confined, or the stand-in).
    let end = widths["👩‍💻"] == 2 ? "👩‍💻" : "👩"
    #expect(rows[6] == String(repeating: "B", count: Self.columns - 2) + end, "row 6")
    #expect(rows[7] == String(repeating: "B", count: Self.columns), "row 7")
  }
}
