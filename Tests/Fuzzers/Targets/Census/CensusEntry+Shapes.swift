import ResponderKit

extension CensusEntry {
  /// A settable property of a view made by `make`, shown and focused, read back through the
  /// same key path.
  static func property<V: View, Value: CensusValue>(
    _ key: String, _ answer: CensusAnswer<Value>, _ make: @escaping @MainActor @Sendable () -> V,
    _ keyPath: ReferenceWritableKeyPath<V, Value>
  ) -> CensusEntry {
    // A key path to main-actor state is not Sendable; it is only used on the main actor.
    nonisolated(unsafe) let keyPath = keyPath
    return CensusEntry(key, answer) { stage, value in
      let view = stage.show(make())
      view[keyPath: keyPath] = value
      _ = stage.driver.screen
      return view[keyPath: keyPath]
    }
  }

  /// A settable property of a value type: set on a default value, read back.
  static func field<Root, Value: CensusValue>(
    _ key: String, _ make: @escaping @MainActor @Sendable () -> Root, _ keyPath: WritableKeyPath<Root, Value>
  ) -> CensusEntry {
    nonisolated(unsafe) let keyPath = keyPath
    return CensusEntry(key, CensusAnswer<Value>.stored) { _, value in
      var root = make()
      root[keyPath: keyPath] = value
      return root[keyPath: keyPath]
    }
  }

  /// A view's argument: `body` makes the view, shows it and hands it the value; read nothing.
  static func argument<V: View, Value: CensusValue>(
    _ key: String, _ type: Value.Type, _ make: @escaping @MainActor @Sendable () -> V,
    _ body: @escaping @MainActor @Sendable (V, Value) -> Void
  ) -> CensusEntry {
    CensusEntry(key, CensusAnswer<Value>.accepted) { stage, value in
      let view = stage.show(make())
      body(view, value)
      _ = stage.driver.screen
      return nil
    }
  }

  /// An argument of something that is not a view (a value type, the driver, a parser): `body`
  /// hands it the value on the stage; read nothing.
  static func call<Value: CensusValue>(
    _ key: String, _ type: Value.Type, _ body: @escaping @MainActor @Sendable (CensusStage, Value) -> Void
  ) -> CensusEntry {
    CensusEntry(key, CensusAnswer<Value>.accepted) { stage, value in
      body(stage, value)
      return nil
    }
  }
}
