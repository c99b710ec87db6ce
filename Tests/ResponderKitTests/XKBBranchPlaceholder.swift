// Placeholder so the package builds on the xkb branch; drop when real tests exist.
