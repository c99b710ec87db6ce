import Foundation

/// UIKit's row/section view of an index path (Foundation on Linux has only the indices).
/// Notes has one section; the pattern is the same with more.
extension IndexPath {
  /// The path of `row` in `section`.
  init(row: Int, section: Int = 0) {
    self.init(indexes: [section, row])
  }

  /// The section, the first index.
  var section: Int { self[0] }

  /// The row in the section, the second index.
  var row: Int { self[1] }
}
