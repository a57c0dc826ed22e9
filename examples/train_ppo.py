"""PPO with one shared policy for every agent of a task, through the numeric wrapper (CleanRL style).

    pip install torch==2.13.0 -e '.[train]'      # the CPU build (see pyproject's `train` extra)
    python examples/train_ppo.py --task task_01 --total-steps 300000 --plot docs/train_ppo.png

Everything is in this file on purpose (CleanRL style): vector of envs, rollout, GAE, clipped PPO
update, a learning-curve PNG and a metrics JSON. The env reward is the team reward (increase of
PSR, plus the success bonus), the same for every agent; the policy sees the agent's numeric
observation plus a one-hot of its seat, and samples only actions its mask allows. Runs on the CPU.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import warnings
from collections import deque
from pathlib import Path

import numpy as np
import torch
from torch import nn
from torch.distributions import Categorical

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentworld.wrappers import make_numeric


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--task", default="task_01")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--total-steps", type=int, default=300_000, help="agent-steps to train for")
    ap.add_argument("--time-limit", type=float, default=None, help="stop after this many seconds")
    ap.add_argument("--num-envs", type=int, default=8)
    ap.add_argument("--num-steps", type=int, default=32, help="rounds per env per rollout")
    ap.add_argument("--max-rounds", type=int, default=None, help="override the task's round budget")
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--gae-lambda", type=float, default=0.95)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--update-epochs", type=int, default=4)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--vf-coef", type=float, default=0.5)
    ap.add_argument("--max-grad-norm", type=float, default=0.5)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    ap.add_argument("--plot", default=None, help="write the learning curve to this PNG")
    ap.add_argument("--metrics", default=None, help="write the per-update metrics to this JSON")
    return ap.parse_args(argv)


class Policy(nn.Module):
    """An MLP actor-critic over the flat observation; masked logits."""

    def __init__(self, n_obs: int, n_actions: int, hidden: int) -> None:
        super().__init__()

        def layer(i: int, o: int, std: float = np.sqrt(2)) -> nn.Linear:
            lin = nn.Linear(i, o)
            nn.init.orthogonal_(lin.weight, std)
            nn.init.constant_(lin.bias, 0.0)
            return lin

        self.body = nn.Sequential(layer(n_obs, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh())
        self.actor = layer(hidden, n_actions, 0.01)
        self.critic = layer(hidden, 1, 1.0)

    def value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(self.body(x)).squeeze(-1)

    def act(self, x: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None):
        h = self.body(x)
        logits = self.actor(h).masked_fill(mask == 0, -1e9)
        dist = Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.critic(h).squeeze(-1)


class TeamEnvs:
    """`num_envs` numeric envs of one task, seen as num_envs * n_agents policy slots."""

    def __init__(self, task: str, num_envs: int, seed: int, max_rounds: int | None) -> None:
        options = {"max_rounds": max_rounds} if max_rounds else {}
        self.envs = [make_numeric(task, seed=seed + i, flat=True, **options) for i in range(num_envs)]
        self.agents = list(self.envs[0].possible_agents)
        self.n_actions = self.envs[0].action_space(self.agents[0]).n
        self.seat = np.eye(len(self.agents), dtype=np.float32)
        self.obs: list[dict] = []
        self.masks: list[dict] = []
        self.returns = np.zeros(num_envs)
        for env in self.envs:
            obs, infos = env.reset()
            self.obs.append(obs)
            self.masks.append({a: infos[a]["action_mask"] for a in obs})

    def batch(self) -> tuple[np.ndarray, np.ndarray]:
        x = [np.concatenate([o[a], self.seat[i]]) for o in self.obs for i, a in enumerate(self.agents)]
        m = [ms[a] for ms in self.masks for a in self.agents]
        return np.stack(x), np.stack(m)

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[tuple[float, float, float]]]:
        """Rewards and dones per slot; finished episodes as (return, psr, success), auto-reset."""
        n = len(self.agents)
        rewards = np.zeros(len(actions), dtype=np.float32)
        dones = np.zeros(len(actions), dtype=np.float32)
        finished = []
        for e, env in enumerate(self.envs):
            acts = {a: int(actions[e * n + i]) for i, a in enumerate(self.agents)}
            obs, rew, terms, truncs, infos = env.step(acts)
            r = float(next(iter(rew.values())))
            self.returns[e] += r
            rewards[e * n : (e + 1) * n] = r
            if not env.agents:
                info = next(iter(infos.values()))
                finished.append((float(self.returns[e]), float(info["psr"]), float(info["success"])))
                self.returns[e] = 0.0
                dones[e * n : (e + 1) * n] = 1.0
                obs, infos = env.reset()
            self.obs[e] = obs
            self.masks[e] = {a: infos[a]["action_mask"] for a in obs}
        return rewards, dones, finished


def train(args: argparse.Namespace) -> list[dict]:
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    envs = TeamEnvs(args.task, args.num_envs, args.seed, args.max_rounds)
    x, m = envs.batch()
    slots, n_obs = x.shape
    policy = Policy(n_obs, envs.n_actions, args.hidden)
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr, eps=1e-5)
    T = args.num_steps
    buf_x = torch.zeros((T, slots, n_obs))
    buf_m = torch.zeros((T, slots, envs.n_actions), dtype=torch.int8)
    buf_a = torch.zeros((T, slots), dtype=torch.long)
    buf_logp, buf_r, buf_d, buf_v = (torch.zeros((T, slots)) for _ in range(4))
    recent: deque[tuple[float, float, float]] = deque(maxlen=50)  # the last 50 episodes
    history: list[dict] = []
    steps, start = 0, time.perf_counter()
    next_x, next_m = torch.from_numpy(x), torch.from_numpy(m)
    next_done = torch.zeros(slots)
    updates = max(1, args.total_steps // (T * slots))
    for update in range(1, updates + 1):
        for t in range(T):
            buf_x[t], buf_m[t], buf_d[t] = next_x, next_m, next_done
            with torch.no_grad():
                action, logp, _, value = policy.act(next_x, next_m)
            buf_a[t], buf_logp[t], buf_v[t] = action, logp, value
            rewards, dones, finished = envs.step(action.numpy())
            recent.extend(finished)
            buf_r[t] = torch.from_numpy(rewards)
            next_done = torch.from_numpy(dones)
            x, m = envs.batch()
            next_x, next_m = torch.from_numpy(x), torch.from_numpy(m)
            steps += slots
        with torch.no_grad():  # GAE
            next_value = policy.value(next_x)
            adv = torch.zeros_like(buf_r)
            last = torch.zeros(slots)
            for t in reversed(range(T)):
                nonterminal = 1.0 - (next_done if t == T - 1 else buf_d[t + 1])
                nv = next_value if t == T - 1 else buf_v[t + 1]
                delta = buf_r[t] + args.gamma * nv * nonterminal - buf_v[t]
                last = delta + args.gamma * args.gae_lambda * nonterminal * last
                adv[t] = last
            ret = adv + buf_v
        bx, bm, ba = buf_x.reshape(T * slots, n_obs), buf_m.reshape(T * slots, -1), buf_a.reshape(-1)
        blogp, badv, bret = buf_logp.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        size = T * slots
        mb = max(1, size // args.minibatches)
        for _ in range(args.update_epochs):
            order = torch.randperm(size)
            for s in range(0, size, mb):
                idx = order[s : s + mb]
                _, logp, entropy, value = policy.act(bx[idx], bm[idx], ba[idx])
                ratio = (logp - blogp[idx]).exp()
                a = badv[idx]
                a = (a - a.mean()) / (a.std(unbiased=False) + 1e-8)
                pg = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
                v_loss = 0.5 * ((value - bret[idx]) ** 2).mean()
                loss = pg + args.vf_coef * v_loss - args.ent_coef * entropy.mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(policy.parameters(), args.max_grad_norm)
                optimizer.step()
        elapsed = time.perf_counter() - start
        row = {
            "update": update,
            "agent_steps": steps,
            "steps_per_s": steps / elapsed,
            "episodes": len(recent),
            "loss": float(loss.detach()),
            "entropy": float(entropy.detach().mean()),
            "mean_return": float(np.mean([r for r, _, _ in recent])) if recent else 0.0,
            "mean_psr": float(np.mean([p for _, p, _ in recent])) if recent else 0.0,
            "success_rate": float(np.mean([s for _, _, s in recent])) if recent else 0.0,
            "seconds": elapsed,
        }
        history.append(row)
        print(
            f"update {update}/{updates} steps {steps:,} return {row['mean_return']:.3f} "
            f"psr {row['mean_psr']:.3f} success {row['success_rate']:.2f} entropy {row['entropy']:.2f} {row['steps_per_s']:,.0f} agent-steps/s",
            flush=True,
        )
        if args.time_limit and elapsed >= args.time_limit:
            break
    return history


def plot(history: list[dict], path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [h["agent_steps"] for h in history]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, [h["mean_return"] for h in history], label="mean episode return")
    ax.plot(steps, [h["mean_psr"] for h in history], label="mean PSR")
    ax.set_xlabel("agent-steps")
    ax.set_title(title)
    ax.legend()
    ax.grid(alpha=0.3)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    warnings.simplefilter("ignore")  # verifier warnings on odd random states are not the point here
    history = train(args)
    if args.metrics:
        Path(args.metrics).write_text(json.dumps(history, indent=1))
    if args.plot:
        last = history[-1]
        plot(
            history, args.plot, f"PPO, shared policy, {args.task} ({last['steps_per_s']:,.0f} agent-steps/s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
