//! The cluster examples in `examples/cluster/` run as written, with the scheduler
//! replaced by what it would do: set the task index and run the command, once per
//! shard, as separate processes. (GNU parallel itself is exercised by `.ci/run`.)

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::common::scratch;

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");

/// PATH with the freshly built `nqueens` first, as on a machine where it is installed.
fn path_with_nqueens() -> String {
    let bin_dir = Path::new(BIN)
        .parent()
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    format!("{bin_dir}:{}", std::env::var("PATH").unwrap_or_default())
}

fn example(name: &str) -> String {
    format!("{}/examples/cluster/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `nqueens merge n{n}-shard-*.json` in `dir`, as the recipes name their files,
/// through the shell so the glob is real.
fn merge(dir: &Path, n: u32) -> String {
    let out = Command::new("sh")
        .args(["-c", &format!("nqueens merge n{n}-shard-*.json")])
        .current_dir(dir)
        .env("PATH", path_with_nqueens())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_slurm_array_script_runs_as_written() {
    let dir = scratch("slurm");
    for task in 0..4 {
        let status = Command::new("bash")
            .arg(example("slurm-array.sbatch"))
            .current_dir(&dir)
            .env("PATH", path_with_nqueens())
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("SLURM_CPUS_PER_TASK", "1")
            .env("N", "13")
            .env("SHARDS", "4")
            .status()
            .unwrap();
        assert!(status.success(), "array task {task}");
        assert!(dir.join(format!("n13-shard-{task}.checkpoint")).exists());
    }
    assert_eq!(merge(&dir, 13), "73712\n");
}

#[test]
fn the_kubernetes_indexed_job_command_runs_as_written() {
    let yaml = fs::read_to_string(example("k8s-indexed-job.yaml")).unwrap();
    let command = yaml
        .lines()
        .map(str::trim)
        .find_map(|line| line.strip_prefix("- nqueens count"))
        .map(|rest| format!("nqueens count{rest}"))
        .expect("the Job runs nqueens count");
    // The Job counts n = 17 in 8 shards into /results; here: the same command, with
    // /results pointing at a scratch directory, for every index.
    let dir = scratch("k8s");
    let command = command.replace("/results", dir.to_str().unwrap());
    for index in 0..8 {
        let status = Command::new("sh")
            .args(["-c", &command])
            .env("PATH", path_with_nqueens())
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .status()
            .unwrap();
        assert!(status.success(), "index {index}");
    }
    assert_eq!(merge(&dir, 17), "95815104\n");
}
