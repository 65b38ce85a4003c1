/// The message catalogs (`LL.po`, one a language, GNU gettext's format) live in this folder;
/// the CompileCatalogs plugin compiles them with each build and names the folder it wrote them
/// to as `builtCatalogFolder`. Adding a language is adding its `.po` here: no code.
package enum CatalogFolder {
    /// Where this build compiled its catalogs.
    package static var built: String { builtCatalogFolder }
}
