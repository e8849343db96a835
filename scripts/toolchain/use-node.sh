# Puts a supported Node.js first on PATH for the current shell, then prints the versions in use.
#
#   source scripts/toolchain/use-node.sh
#
# Supported: what package.json "engines" allows (the LTS lines). When the machine's own `node` is
# inside it, it is used as it is. Otherwise (Debian 12 ships Node 18, some images carry Node 20)
# the pinned official Node binary is installed from the npm registry, which publishes each release
# as the package node-<os>-<arch>, into .toolchain/ (ignored by git), and put first on PATH.
# Nothing is downloaded from anywhere but the registry npm already uses.

BASE2026_NODE_PINNED="22.23.5"

base2026_use_node() {
	local root version os arch dir
	root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
	version="$(node -p 'process.versions.node' 2>/dev/null || echo none)"
	# Inside package.json's engines (caret ranges: the same major, at least that minor): npm refuses
	# any other (.npmrc engine-strict). Plain JavaScript, so that the oldest Node can tell.
	if ! node -e '
		const [major, minor] = process.versions.node.split(".").map(Number);
		const ranges = require(process.argv[1]).engines.node.split("||");
		const inside = ranges.some((r) => { const [m, n] = r.trim().replace(/^\^/, "").split(".").map(Number); return major === m && minor >= n; });
		process.exit(inside ? 0 : 1);' "$root/package.json" 2>/dev/null; then
		case "$(uname -s)" in
		Linux) os=linux ;;
		Darwin) os=darwin ;;
		*)
			echo "use-node: no pinned Node for $(uname -s); install a Node that package.json \"engines\" allows yourself" >&2
			return 1
			;;
		esac
		case "$(uname -m)" in
		x86_64 | amd64) arch=x64 ;;
		aarch64 | arm64) arch=arm64 ;;
		*)
			echo "use-node: no pinned Node for $(uname -m); install a Node that package.json \"engines\" allows yourself" >&2
			return 1
			;;
		esac
		dir="$root/.toolchain/node-$BASE2026_NODE_PINNED"
		if [ ! -x "$dir/node_modules/node-$os-$arch/bin/node" ]; then
			echo "use-node: Node ${version} is not supported; installing node-$os-$arch@$BASE2026_NODE_PINNED from the npm registry into .toolchain/" >&2
			mkdir -p "$dir"
			npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
				"node-$os-$arch@$BASE2026_NODE_PINNED" >&2 || return 1
		fi
		export PATH="$dir/node_modules/node-$os-$arch/bin:$PATH"
		hash -r
	fi
	echo "node $(node --version) ($(command -v node)), npm $(npm --version)"
}

base2026_use_node
