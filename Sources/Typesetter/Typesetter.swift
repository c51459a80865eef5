/// Placeholder until the module is filled in.
public enum TypesetterModule {}
