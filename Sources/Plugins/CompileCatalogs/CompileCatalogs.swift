import PackagePlugin
import Foundation

/// Compiles each `LL.po` of a target with GNU msgfmt into `LL/LC_MESSAGES/sayline.mo` under the
/// plugin's folder in the build, and writes the folder's path into a Swift file of the target:
/// a program run from the build folder finds its catalogs there (an installed one beside it).
/// msgfmt `--check` refuses a catalog whose placeholders or plural forms are wrong.
@main struct CompileCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let catalogs = module.sourceFiles.map(\.url).filter { $0.pathExtension == "po" }.sorted { $0.path < $1.path }
        let folder = context.pluginWorkDirectoryURL.appending(path: "locale")
        let swiftFile = context.pluginWorkDirectoryURL.appending(path: "BuiltCatalogFolder.swift")
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var script = "set -e\n"
        for catalog in catalogs {
            let language = catalog.deletingPathExtension().lastPathComponent
            let messages = folder.appending(path: language).appending(path: "LC_MESSAGES")
            script += "mkdir -p \(quoted(messages.path))\n"
            script += "msgfmt --check -o \(quoted(messages.appending(path: "sayline.mo").path)) \(quoted(catalog.path))\n"
        }
        // The pseudo-language, from the template: English's plural rule, every message marked
        // (pseudo.sed says how), so a surface run in it shows any line never translated.
        // Beside the catalogs (a target's own folder is named only from tools version 6.1 on).
        guard let catalogFolder = catalogs.first?.deletingLastPathComponent() else { return [] }
        let template = catalogFolder.appending(path: "sayline.pot")
        let pseudoFilter = catalogFolder.appending(path: "pseudo.sed")
        let pseudo = folder.appending(path: "qps").appending(path: "LC_MESSAGES")
        let pseudoSource = context.pluginWorkDirectoryURL.appending(path: "qps.po")
        script += "mkdir -p \(quoted(pseudo.path))\n"
        script += "LC_ALL=C.UTF-8 msginit --no-translator --locale=en_US.UTF-8 --input=\(quoted(template.path)) --output-file=- 2>/dev/null"
        script += " | LC_ALL=C.UTF-8 msgfilter --keep-header --input=- --output-file=\(quoted(pseudoSource.path)) sed -f \(quoted(pseudoFilter.path))\n"
        script += "msgfmt --check -o \(quoted(pseudo.appending(path: "sayline.mo").path)) \(quoted(pseudoSource.path))\n"
        // The path as a Swift string: backslashes and quotes escaped.
        let literal = folder.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        script += "printf '%s\\n' \(quoted("/// Where this build's message catalogs were compiled (written by the CompileCatalogs plugin)."))"
        script += " \(quoted("package let builtCatalogFolder = \"\(literal)\"")) > \(quoted(swiftFile.path))\n"
        return [.buildCommand(displayName: "Compiling message catalogs", executable: URL(filePath: "/bin/sh"),
                              arguments: ["-c", script], inputFiles: catalogs + [template, pseudoFilter], outputFiles: [swiftFile])]
    }
}
