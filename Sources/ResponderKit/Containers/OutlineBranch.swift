/// One expanded item of an ``OutlineView`` (or its invisible root): how many children it has,
/// the children asked for so far, and which of them are expanded in turn.
///
/// The rows are never listed. A branch's rows are its children, each followed by the rows of
/// its own branch when it is expanded; so a row is found by a binary search over the few
/// expanded children at each level, and a child is asked of the data source only when a row
/// needs it. Expanding an item of 100,000 children costs one count, not 100,000 items.
@MainActor
final class OutlineBranch {
  /// The expanded item; nil for the root.
  let item: AnyHashable?
  /// The branch whose child this item is; nil for the root. Unowned: a parent holds its
  /// open children, never the reverse.
  unowned let parent: OutlineBranch?
  /// The item's index among its parent's children.
  let index: Int
  /// The level of the children: 0 under the root.
  let childLevel: Int
  /// The number of children the data source said.
  let childCount: Int
  /// The children asked for so far and whether each is expandable, in chunks of
  /// ``chunkSize`` consecutive indices made when a row in them is first needed: rows on
  /// screen are neighbours, so they share a chunk, and a branch of 100,000 children costs
  /// memory for the chunks that were shown, not for every child.
  private var chunks: [Int: Chunk] = [:]
  private struct Chunk {
    var items: [AnyHashable?] = Array(repeating: nil, count: OutlineBranch.chunkSize)
    /// 0: not asked; 1: no; 2: yes.
    var expandable: [UInt8] = Array(repeating: 0, count: OutlineBranch.chunkSize)
  }
  private nonisolated static let chunkSize = 64

  /// Child `index` if it was asked for.
  func child(at index: Int) -> AnyHashable? {
    chunks[index / Self.chunkSize]?.items[index % Self.chunkSize]
  }

  /// Keeps child `index`.
  func setChild(_ item: AnyHashable, at index: Int) {
    chunks[index / Self.chunkSize, default: Chunk()].items[index % Self.chunkSize] = item
  }

  /// Whether child `index` is expandable, if that was asked.
  func isExpandable(at index: Int) -> Bool? {
    guard let flag = chunks[index / Self.chunkSize]?.expandable[index % Self.chunkSize], flag != 0 else {
      return nil
    }
    return flag == 2
  }

  /// Keeps whether child `index` is expandable (nil: forget it).
  func setExpandable(_ value: Bool?, at index: Int) {
    chunks[index / Self.chunkSize, default: Chunk()].expandable[index % Self.chunkSize] =
      value.map { $0 ? 2 : 1 } ?? 0
  }

  /// The children asked for so far.
  var knownChildren: [AnyHashable] { chunks.values.flatMap { $0.items.compactMap { $0 } } }
  /// The indices of the expanded children, ascending, beside their branches.
  private(set) var openIndices: [Int] = []
  private(set) var openBranches: [OutlineBranch] = []
  /// The rows under this item while it is expanded: its children and their open rows.
  private(set) var rowCount: Int
  /// `prefix[j]`: the rows of `openBranches[0..<j]`; nil when a count below changed.
  private var prefix: [Int]?

  init(item: AnyHashable?, parent: OutlineBranch?, index: Int, childCount: Int) {
    self.item = item
    self.parent = parent
    self.index = index
    self.childLevel = (parent?.childLevel ?? -1) + 1
    self.childCount = childCount
    self.rowCount = childCount
  }

  private var prefixSums: [Int] {
    if let prefix { return prefix }
    var sums = [0]
    sums.reserveCapacity(openBranches.count + 1)
    for branch in openBranches { sums.append(sums[sums.count - 1] &+ branch.rowCount) }
    prefix = sums
    return sums
  }

  /// How many open children come before child `index` (or are it, with `including`).
  private func openCount(before index: Int, including: Bool = false) -> Int {
    var low = 0
    var high = openIndices.count
    while low < high {
      let mid = (low + high) / 2
      if openIndices[mid] < index || (including && openIndices[mid] == index) {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low
  }

  /// Whether child `index` is expanded.
  func isOpen(_ index: Int) -> Bool {
    let at = openCount(before: index)
    return at < openIndices.count && openIndices[at] == index
  }

  /// The row of child `index`, counted from this branch's first child row.
  func offset(ofChild index: Int) -> Int {
    index &+ prefixSums[openCount(before: index)]
  }

  /// The branch and child index of the row `row` rows below this branch's first child row
  /// (which must be less than ``rowCount``).
  func locate(_ row: Int) -> (branch: OutlineBranch, index: Int) {
    var branch = self
    var row = row
    while true {
      let sums = branch.prefixSums
      // The open children whose own row is at or above `row`: rows rise with j.
      var low = 0
      var high = branch.openIndices.count
      while low < high {
        let mid = (low + high) / 2
        if branch.openIndices[mid] &+ sums[mid] <= row { low = mid + 1 } else { high = mid }
      }
      guard low > 0 else { return (branch, row) }
      let open = low - 1
      let openRow = branch.openIndices[open] &+ sums[open]
      if row == openRow { return (branch, branch.openIndices[open]) }
      let below = branch.openBranches[open]
      if row - openRow <= below.rowCount {
        row -= openRow + 1
        branch = below
        continue
      }
      return (branch, row - sums[open + 1])
    }
  }

  /// Adds an expanded child's branch and counts its rows up the tree.
  func open(_ child: OutlineBranch) {
    let at = openCount(before: child.index)
    openIndices.insert(child.index, at: at)
    openBranches.insert(child, at: at)
    changeRows(by: child.rowCount)
  }

  /// Removes an expanded child's branch and its rows.
  func close(_ child: OutlineBranch) {
    let at = openCount(before: child.index)
    guard at < openBranches.count, openBranches[at] === child else { return }
    openIndices.remove(at: at)
    openBranches.remove(at: at)
    changeRows(by: -child.rowCount)
  }

  private func changeRows(by delta: Int) {
    var branch: OutlineBranch? = self
    while let current = branch {
      current.prefix = nil
      current.rowCount &+= delta
      branch = current.parent
    }
  }

  /// This branch and every open branch below it, parents first.
  var subtree: [OutlineBranch] {
    var result = [self]
    var next = 0
    while next < result.count {
      result += result[next].openBranches
      next += 1
    }
    return result
  }
}
