import Foundation

/// The multi-scalar clusters cells hold, each stored once for the life of the process, so a
/// cell can refer to one by a small index and stay a plain value. Screens show few distinct
/// clusters, so the table stays small.
final class ClusterTable: @unchecked Sendable {
  static let shared = ClusterTable()
  /// Guards both collections; cells are made on any thread.
  private let lock = NSLock()
  private var clusters: [String] = []
  private var indices: [String: UInt32] = [:]

  func index(of cluster: String) -> UInt32 {
    lock.lock()
    defer { lock.unlock() }
    if let index = indices[cluster] { return index }
    let index = UInt32(clusters.count)
    clusters.append(cluster)
    indices[cluster] = index
    return index
  }

  func cluster(at index: UInt32) -> String {
    lock.lock()
    defer { lock.unlock() }
    return clusters[Int(index)]
  }
}
