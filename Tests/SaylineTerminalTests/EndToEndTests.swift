import Testing

/// Every test that starts the binary, one at a time: two cores, and real timing in each.
@Suite(.serialized, .timeoutsFail) struct EndToEndTests {}
