/// What a non-blocking call did: it processed something (how many bytes, which descriptor), or
/// it would have had to wait (after NIO's `IOResult`). Every other failure is thrown as `Errno`.
public enum IOResult<Value> {
    case processed(Value)
    case wouldBlock
}

extension IOResult: Equatable where Value: Equatable {}
extension IOResult: Sendable where Value: Sendable {}
