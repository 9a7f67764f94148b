"""The truth for Python imports, from Python itself: `ast` finds the import statements and
`importlib.util.find_spec` resolves each with the file's search path on `sys.path`.

stdin: {"root": str, "files": [{"path": str, "search": [str]}], "aliases": [str]}
stdout: {"edges": [[from, to]], "errors": int}; `to` is repo-relative, internal targets only.
`aliases` are other directories whose files count as the root's (the installed standard library
when the root is a copy of it: modules the interpreter already imported answer from there).
"""
import ast
import importlib.util
import json
import os
import sys


def dynamic_name(func):
    """importlib.import_module(...), import_module(...) or __import__(...)."""
    if isinstance(func, ast.Name):
        return func.id in ("import_module", "__import__")
    return isinstance(func, ast.Attribute) and func.attr == "import_module" and isinstance(func.value, ast.Name) and func.value.id == "importlib"


def main():
    job = json.load(sys.stdin)
    root = os.path.realpath(job["root"])
    bases = [root] + [os.path.realpath(a) for a in job.get("aliases", [])]
    edges, errors = set(), 0
    # The interpreter's own path stays behind the file's: modules outside the corpus still import.
    tail = list(sys.path)
    corpus = {f["path"] for f in job["files"]}

    def rel(origin):
        if not origin:
            return None
        origin = os.path.realpath(origin)
        for base in bases:
            if origin.startswith(base + os.sep):
                return os.path.relpath(origin, base).replace(os.sep, "/")
        return None

    def spec_of(name):
        try:
            return importlib.util.find_spec(name)
        except Exception:
            return "error"

    for f in job["files"]:
        path = f["path"]
        sys.path[:] = [os.path.join(root, d) if d else root for d in f["search"]] + tail
        try:
            with open(os.path.join(root, path), "rb") as fh:
                tree = ast.parse(fh.read())
        except (SyntaxError, ValueError):
            continue
        rel_dir = os.path.dirname(path)
        base = f["search"][0]
        package = rel_dir[len(base):].strip("/").replace("/", ".") if rel_dir.startswith(base) else ""
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [(a.name, None) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.module == "__future__":
                    continue
                module = "." * node.level + (node.module or "")
                names = [(module, a.name) for a in node.names]
            elif isinstance(node, ast.Call) and dynamic_name(node.func) and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str) and not first.value.startswith("."):
                    names = [(first.value, None)]
            for module, member in names:
                try:
                    absolute = importlib.util.resolve_name(module, package) if module.startswith(".") else module
                except (ImportError, ValueError):
                    continue
                spec = spec_of(absolute)
                if spec == "error":
                    errors += 1
                    continue
                target = rel(spec.origin) if spec is not None and spec.has_location else None
                # `from package import member`: a submodule when the package has one of that name.
                if member and member != "*" and spec is not None and spec.submodule_search_locations is not None:
                    sub = spec_of(absolute + "." + member)
                    if sub == "error":
                        errors += 1
                        continue
                    if sub is not None and sub.has_location:
                        target = rel(sub.origin)
                if target in corpus:
                    edges.add((path, target))
    json.dump({"edges": sorted(edges), "errors": errors}, sys.stdout)


main()
