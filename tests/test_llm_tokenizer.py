"""The context budget counted with a real tokenizer (`tokenizer` option, --tokenizer): a BPE
tokenizer.json trained here with the HuggingFace `tokenizers` library, so small that it counts
about one token per character, three times the chars/3 estimate. Every request sent must fit the
limit under that tokenizer's own count, which the estimate alone would not achieve."""

from __future__ import annotations

import pytest

from agentworld.agents.llm import LLMAgent, parse_options
from agentworld.agents.llm.context import prompt_limit, prompt_tokens, token_counter, tools_tokens
from fake_openai import FakeOpenAI

FAST = {"model": "fake-model", "api_key": "test", "backoff_base": 0.001, "max_retries": 1}
BRIEFING = {
    "task_id": "task_x",
    "task_name": "Test task",
    "objective": "Make a plank.",
    "role": "Lumberjack",
    "teammates": [],
    "context": "You can chop trees. DOCS-MARKER",
    "max_rounds": 200,
}


def observation(rnd: int) -> dict:
    things = "; ".join(f"oak_tree#{i} at ({i * 7 % 31},{rnd * 3 % 17}) hp {i + rnd}" for i in range(25))
    return {"text": f"observation {rnd}: {things}", "round": rnd, "last_result": f"result {rnd}"}


@pytest.fixture
def tokenizer_json(tmp_path):
    tokenizers = pytest.importorskip("tokenizers", reason="the real-tokenizer path needs `tokenizers`")
    from tokenizers import decoders, models, pre_tokenizers, trainers

    tokenizer = tokenizers.Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=300, initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    corpus = [
        "The quick brown fox jumps over the lazy dog.",
        "Gather wood, craft planks, trade with the team.",
    ]
    tokenizer.train_from_iterator(corpus * 20, trainer=trainer)
    path = tmp_path / "tokenizer.json"
    tokenizer.save(str(path))
    return str(path)


def test_the_budget_holds_under_the_real_tokenizers_count(tokenizer_json):
    counter = token_counter(tokenizer_json)
    assert counter.method == "tokenizer.json:tokenizer.json"
    sample = observation(1)["text"]
    assert counter.text(sample) > 2 * token_counter("estimate").text(sample)  # denser than the estimate
    with FakeOpenAI() as server:
        agent = LLMAgent(
            **FAST, base_url=server.base_url, context_tokens=20000, max_tokens=500, tokenizer=tokenizer_json
        )
        agent.reset("lumberjack", BRIEFING)
        for rnd in range(1, 31):
            agent.act(observation(rnd))
    limit = prompt_limit(20000, 500, None)
    tools = tools_tokens(server.requests[0]["tools"], counter)
    real = [prompt_tokens(request["messages"], tools, counter) for request in server.requests]
    assert max(real) <= limit and agent.usage["max_counted_prompt_tokens"] == max(real)
    assert agent.usage["token_counting"] == counter.method and agent.usage["context_folds"] >= 1
    estimate = token_counter("estimate")
    estimated = [
        prompt_tokens(r["messages"], tools_tokens(r["tools"], estimate), estimate) for r in server.requests
    ]
    assert max(estimated) < limit / 2  # the estimate would have let these prompts grow twice as large


def test_a_named_tokenizer_that_cannot_load_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="tokenizer .*missing.json.* is not a file|needs the `tokenizers`"):
        parse_options({"model": "m", "tokenizer": str(tmp_path / "missing.json")})
    with pytest.raises(ValueError, match="tokenizer 'tiktoken:no_such_encoding' does not load"):
        parse_options({"model": "m", "tokenizer": "tiktoken:no_such_encoding"})
    assert token_counter("estimate").method == "chars/3"


def test_a_broken_tokenizer_json_is_named(tmp_path):
    pytest.importorskip("tokenizers", reason="reading a tokenizer.json needs `tokenizers`")
    broken = tmp_path / "tokenizer.json"
    broken.write_text("{not json")
    with pytest.raises(ValueError, match="is not a readable tokenizer.json"):
        parse_options({"model": "m", "tokenizer": str(broken)})
