import Foundation

extension IndexPath {
  /// A row of a ``TableView``: `[section, row]`, as UIKit writes it.
  ///
  /// `section` defaults to 0, for tables with one section.
  public init(row: Int, section: Int = 0) {
    self.init(indexes: [section, row])
  }

  /// The section of a table row's index path.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The row within its section.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
