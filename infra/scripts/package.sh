#!/usr/bin/env bash
# Release build of every Lambda function named in template.yaml
# (Metadata.BuildProperties.Binary), with cargo-lambda (zig as the linker).
#
#   ./infra/scripts/package.sh                 # ARCH=x86_64 (default)
#   ARCH=arm64 ./infra/scripts/package.sh      # needs: rustup target add aarch64-unknown-linux-gnu
#
# Output: target/lambda/<bin>/bootstrap, zipped into dist-lambda/<bin>.zip
# (the Lambda custom runtime layout: one executable named 'bootstrap').
# ARCH must match the template's Architecture parameter of the stack you deploy.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ARCH="${ARCH:-x86_64}"
case "$ARCH" in
  x86_64 | amd64) ARCH=x86_64; TARGET=x86_64-unknown-linux-gnu ;;
  arm64 | aarch64) ARCH=arm64; TARGET=aarch64-unknown-linux-gnu ;;
  *) die "ARCH must be x86_64 or arm64 (got '$ARCH')" ;;
esac
OUT_DIR="$ROOT/dist-lambda"
LAMBDA_DIR="$ROOT/target/lambda"
START=$SECONDS

ensure_rust
if command -v rustup >/dev/null 2>&1; then
  rustup target list --installed 2>/dev/null | grep -qx "$TARGET" ||
    die "The Rust target $TARGET is not installed. Run: rustup target add $TARGET"
elif [[ "$TARGET" != "$(rustc -vV | sed -n 's/^host: //p')" ]]; then
  die "Building for $TARGET needs rustup (rustup target add $TARGET)."
fi
ensure_venv "$SCRIPTS/requirements-package.txt"
export PATH="$VENV/bin:$PATH" # cargo-lambda, python-zig (ziglang)

mapfile -t BINS < <(template_binaries)
((${#BINS[@]})) || die "template.yaml names no function binaries"
bin_args=()
for b in "${BINS[@]}"; do bin_args+=(--bin "$b"); done

# .cargo/config.toml links this machine's builds with mold; Lambda's are linked by zig.
export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS=""
heading "cargo lambda build --release --target $TARGET (${BINS[*]})"
cargo lambda build --release --target "$TARGET" --lambda-dir "$LAMBDA_DIR" "${bin_args[@]}"

heading "Zipping into dist-lambda/"
mkdir -p "$OUT_DIR"
for b in "${BINS[@]}"; do
  [[ -x "$LAMBDA_DIR/$b/bootstrap" ]] || die "missing $LAMBDA_DIR/$b/bootstrap after the build"
  rm -f "$OUT_DIR/$b.zip"
  # Deterministic zip: fixed timestamp, mode 0755 for bootstrap.
  "$VENV/bin/python" - "$LAMBDA_DIR/$b/bootstrap" "$OUT_DIR/$b.zip" <<'PY'
import sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
info = zipfile.ZipInfo("bootstrap", date_time=(1980, 1, 1, 0, 0, 0))
info.external_attr = (0o100755 << 16)
info.compress_type = zipfile.ZIP_DEFLATED
with open(src, "rb") as f, zipfile.ZipFile(dst, "w") as z:
    z.writestr(info, f.read(), compresslevel=9)
PY
done

echo
printf '%-20s %12s %12s\n' function bootstrap zip
for b in "${BINS[@]}"; do
  printf '%-20s %12s %12s\n' "$b" \
    "$(numfmt --to=iec --suffix=B "$(stat -c %s "$LAMBDA_DIR/$b/bootstrap")")" \
    "$(numfmt --to=iec --suffix=B "$(stat -c %s "$OUT_DIR/$b.zip")")"
done
echo "$ARCH" >"$OUT_DIR/ARCH"
ok "packaged ${#BINS[@]} functions for $ARCH in $(fmt_duration $((SECONDS - START))) -> dist-lambda/"
