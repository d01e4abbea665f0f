extension InputError {
  /// An input error of the class `rule` (a rule of category `.input`).
  public init(_ rule: Rule, input: String, message: String) {
    self.init(input: input, message: message)
    self.rule = rule
  }
}
