import SaylineText

/// An axe Result and its nodes, each node written with the writer's one-line objects and
/// arrays rather than made as a tree: there are a dozen for each control, and making a tree
/// for each cost more than the audit. The same bytes as the tree `{html, target, impact,
/// any: [check], all, none, failureSummary?, baselineState?}` would give. As axe-core's locales
/// do, the words (description, help, a check's message, failureSummary) are the report's
/// language, and ids, tags and keys are the same in every language.
enum AxeNodes {
    /// A rule's Result: its description, and its nodes streamed as the writer reaches them.
    static func result(_ rule: AuditRuleInfo, _ nodes: [AuditReport.Node], failing: Bool, state: String?, several: Bool) -> JSONTree {
        var restBytes: [UInt8] = []
        rest(of: rule, message: nil, failing: failing, state: state, into: &restBytes)
        let sharedRest = restBytes
        return .object([
            JSONMember("id", .string(rule.id)),
            JSONMember("impact", failing ? .string(rule.impact.rawValue) : .null),
            JSONMember("tags", .array(rule.tags.map(JSONTree.string))),
            JSONMember("description", .string(rule.translatedDescription)),
            JSONMember("help", .string(rule.translatedHelp)),
            JSONMember("helpUrl", .string(rule.helpURL)),
            JSONMember("nodes", .items(JSONItems(nodes.count) { index, out in
                nodes.withUnsafeBufferPointer { node(index, of: $0, rule: rule, sharedRest: sharedRest, failing: failing, state: state, several: several, into: &out) }
            })),
        ])
    }

    /// A node read field by field where it lies: a copy of it took and gave back a reference
    /// to each of its six strings and arrays, for every one of a report's nodes (3.6 % of a
    /// json audit's samples in `perf`, in `swift_retain` alone).
    private static func node(_ index: Int, of nodes: UnsafeBufferPointer<AuditReport.Node>, rule: AuditRuleInfo, sharedRest: [UInt8],
                             failing: Bool, state: String?, several: Bool, into out: inout [UInt8]) {
        var node = JSONInlineObject(in: &out)
        node.key("html", in: &out)
        // Quoted once a control, when the audit read it.
        if nodes[index].quotedHTML.isEmpty { JSONWriter.appendString(nodes[index].html, to: &out) } else { out.append(contentsOf: nodes[index].quotedHTML) }
        // Like axe's path into an iframe: the scene file first when there are several.
        node.key("target", in: &out)
        var target = JSONInlineArray(in: &out)
        if several {
            target.nextItem(in: &out)
            JSONWriter.appendString(nodes[index].file, to: &out)
        }
        target.nextItem(in: &out)
        JSONWriter.appendString(nodes[index].shownControl, to: &out)
        target.close(in: &out)
        if nodes[index].finding == nil {
            out.append(contentsOf: sharedRest)
        } else {
            rest(of: rule, message: nodes[index].message, failing: failing, state: state, into: &out)
        }
    }

    /// A node after its target: what the rule found and how it is graded. Every node of a
    /// rule that says nothing of its own has the same bytes, so those are made once a rule.
    private static func rest(of rule: AuditRuleInfo, message: String?, failing: Bool, state: String?, into out: inout [UInt8]) {
        var node = JSONInlineObject.continued()
        impact(of: rule, failing: failing, in: &node, into: &out)
        node.key("any", in: &out)
        var any = JSONInlineArray(in: &out)
        any.nextItem(in: &out)
        var check = JSONInlineObject(in: &out)
        check.member("id", string: rule.id, in: &out)
        check.member("data", .null, in: &out)
        noItems("relatedNodes", in: &check, into: &out)
        impact(of: rule, failing: failing, in: &check, into: &out)
        check.member("message", string: message ?? rule.translatedDescription, in: &out)
        check.close(in: &out)
        any.close(in: &out)
        noItems("all", in: &node, into: &out)
        noItems("none", in: &node, into: &out)
        // Translators: axe-core's words before what to fix in a finding (its locales say
        // "Korrigiere mindestens einen der folgenden Punkte:"), followed by a line break.
        if failing { node.member("failureSummary", string: translated("Fix any of the following:") + "\n  " + (message ?? rule.translatedHelp), in: &out) }
        if let state { node.member("baselineState", string: state, in: &out) }
        node.close(in: &out)
    }

    /// The rule's impact for a finding that fails; null for a pass, as axe has it.
    private static func impact(of rule: AuditRuleInfo, failing: Bool, in object: inout JSONInlineObject, into out: inout [UInt8]) {
        if failing { object.member("impact", string: rule.impact.rawValue, in: &out) } else { object.member("impact", .null, in: &out) }
    }

    private static func noItems(_ key: StaticString, in object: inout JSONInlineObject, into out: inout [UInt8]) {
        object.key(key, in: &out)
        JSONInlineArray(in: &out).close(in: &out)
    }
}
