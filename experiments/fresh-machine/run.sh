#!/usr/bin/env bash
# The README's set-up times, measured on a fresh machine (issue 74): a minimal Debian 12 root
# (debootstrap --variant=minbase, plus git, ca-certificates and sudo, nothing of Splitlab's), a
# clean clone of HEAD with ../shared beside it, and `scripts/run` in it, which prints its phases
# (installs, build, job). The host's kernel and its two cores run it; the root sees the same
# Debian archive and npm registry as the host. Run as root, on an idle machine:
#   experiments/fresh-machine/run.sh [DIR]   (default /work/fresh: DIR/base is the fresh machine,
#                                            made once and never run in; DIR/run a copy per run)
# Keeps the run's log and a row (commit, the three phases, total) in results/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
top=${1:-/work/fresh}
base="$top/base"
root="$top/run"
out="$here/results"
mkdir -p "$out"

if [ ! -x "$base/usr/bin/git" ]; then
  command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
  rm -rf "$base"
  debootstrap --variant=minbase --include=git,ca-certificates,sudo bookworm "$base" \
    http://deb.debian.org/debian
  # A fresh Debian machine's sources: the release, its updates and its security fixes.
  printf '%s\n' 'deb http://deb.debian.org/debian bookworm main' \
    'deb http://deb.debian.org/debian bookworm-updates main' \
    'deb http://deb.debian.org/debian-security bookworm-security main' \
    >"$base/etc/apt/sources.list"
fi
rm -rf "$root"
cp -a "$base" "$root"
# The network this host reaches the archive and npm through: its resolver and the certificate
# authorities its egress presents (every machine of this workplace has them; Splitlab needs
# nothing else of the host). Node reads extra authorities only from NODE_EXTRA_CA_CERTS.
cp /etc/resolv.conf "$root/etc/resolv.conf"
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  chroot "$root" update-ca-certificates >/dev/null 2>&1
fi

mounts=(proc sys dev dev/pts)
cleanup() {
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "$root/${mounts[i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --rbind /dev "$root/dev"
mount -t devpts devpts "$root/dev/pts" 2>/dev/null || true

commit=$(git -C "$repo" rev-parse HEAD)
mkdir -p "$root/work"
git clone -q "$repo" "$root/work/splitlab"
cp -r "$repo/../shared" "$root/work/shared"

log="$out/run-${commit:0:7}.log"
start=$SECONDS
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  LANG=C.UTF-8 NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
  bash -c 'cd /work/splitlab && scripts/run' >"$log" 2>&1 || { echo "scripts/run failed: see $log" >&2; exit 1; }
total=$((SECONDS - start))
phases=$(grep -o 'installs [0-9]* s, build [0-9]* s, job [0-9]* s' "$log" | tail -n 1)
read -r installs build job < <(echo "$phases" | awk '{print $2, $5, $8}')
[ -f "$out/runs.csv" ] || echo "commit,installs_s,build_s,job_s,total_s" >"$out/runs.csv"
echo "$commit,$installs,$build,$job,$total" >>"$out/runs.csv"
echo "fresh machine: $phases ($total s in all)"
# The root's Bazel server would keep running (and its mounts busy) otherwise.
chroot "$root" bash -c 'cd /work/splitlab && bazel shutdown' >/dev/null 2>&1 || true
