extension ActionTable {
  /// The table of `type`, built by `build` the first time it is asked for and the same table
  /// after: declares a class's actions in its `actionTable` override alone, naming the type
  /// only where the class is declared.
  ///
  ///     final class NoteView: View {
  ///       override class var actionTable: ActionTable {
  ///         .declared(by: self) {
  ///           $0.add(.copy) { $0.copy() }
  ///           $0.add(.paste) { view, sender in view.paste(sender) }
  ///         }
  ///       }
  ///     }
  ///
  /// `self` in a class property stands for the class that declares it, also when a subclass
  /// inherits the property, so the table is that class's: a subclass without its own override
  /// shares it, as with a `static let`. The table inherits the superclass's, as
  /// ``init(_:inheriting:_:)`` does.
  ///
  /// Each call looks the table up by type, a dictionary read; the framework's own types and
  /// types asked on every event (an application delegate that implements actions) may keep
  /// the two-declaration form, whose `static let` costs one load.
  @MainActor public static func declared<Target: AnyObject>(
    by type: Target.Type, _ build: (inout Builder<Target>) -> Void
  ) -> ActionTable {
    declared(by: type, keeping: [], build)
  }

  /// ``declared(by:_:)`` declaring what `type` keeps (`KeptDefaults`); the framework's own
  /// classes only.
  @MainActor package static func declared<Target: AnyObject>(
    by type: Target.Type, keeping kept: KeptDefaults, _ build: (inout Builder<Target>) -> Void
  ) -> ActionTable {
    let key = ObjectIdentifier(Target.self)
    if let table = declaredTables[key] { return table }
    let table = ActionTable(Target.self, keeping: kept, build)
    declaredTables[key] = table
    return table
  }

  /// The tables built by ``declared(by:keeping:_:)``, by the type they were built for; one per
  /// class, kept for the life of the program like a `static let`.
  @MainActor private static var declaredTables: [ObjectIdentifier: ActionTable] = [:]
}
