/// Deleting what a data store holds, through its own client: containers and their volumes,
/// cluster resources, pools and volumes on disk, cloud buckets and objects, databases and
/// key-value stores, mirrors that delete at the far end. Each client maps to the verbs that
/// destroy; its reads (`docker ps`, `kubectl get`, `aws s3 ls`, `zfs list`) match none.
extension RiskCheck {
    /// One destructive use of a client.
    struct Verb: Sendable {
        /// Operands in this order, others may sit between (`compose -f x.yml down`); compared
        /// without case, and `delete-*` matches any operand that starts so. Empty: any use.
        var words: [String]
        /// What it does; `NAME` stands for the client's product.
        var does: String
        /// Options of which one must be there: `--recursive`, `--delete*` (a prefix), `-r`
        /// (also inside `-rf`). Empty: none needed.
        var options: [String] = []

        /// `words` space-separated: `Verb("volume rm", …)`.
        init(_ words: String, _ does: String, when options: [String] = []) {
            self.words = words.split(separator: " ").map { $0.lowercased() }
            self.does = does
            self.options = options
        }
    }

    /// A client, the product it speaks for, and its destructive verbs, most specific first.
    struct Client: Sendable {
        var name: String
        var verbs: [Verb]
        /// The client takes any unambiguous prefix of a verb (`btrfs sub del`).
        var abbreviates = false

        init(_ name: String, _ verbs: [Verb], abbreviates: Bool = false) {
            self.name = name
            self.verbs = verbs
            self.abbreviates = abbreviates
        }
    }

    /// Why `command` with `args` destroys stored data, or nil.
    static func store(_ command: String, _ args: [String]) -> String? {
        guard let client = clients[command] else { return nil }
        let operands = args.filter { !$0.hasPrefix("-") || $0 == "-" }.map { $0.lowercased() }
        let options = args.filter { $0.hasPrefix("-") && $0.count > 1 }
        for verb in client.verbs
        where verb.options.isEmpty || verb.options.contains(where: { has($0, in: options) }) {
            if let matched = match(verb.words, in: operands, abbreviates: client.abbreviates) {
                return verb.does.replacingOccurrences(of: "NAME", with: client.name)
                    .replacingOccurrences(of: "VERB", with: matched)
            }
        }
        return nil
    }

    /// Whether `words` occur in order among `operands`; the last operand matched, or nil.
    private static func match(_ words: [String], in operands: [String], abbreviates: Bool) -> String? {
        var rest = operands[...]
        var last = ""
        for word in words {
            let fits: (String) -> Bool = { operand in
                if word.hasSuffix("*") { return operand.hasPrefix(word.dropLast()) }
                return operand == word || (abbreviates && !operand.isEmpty && word.hasPrefix(operand))
            }
            guard let at = rest.firstIndex(where: fits) else { return nil }
            last = rest[at]
            rest = rest[(at + 1)...]
        }
        return last
    }

    /// `--delete*` a prefix, `--force` also as `--force=…`, `-r` also inside a cluster (`-rf`).
    private static func has(_ option: String, in options: [String]) -> Bool {
        if option.hasSuffix("*") { return options.contains { $0.hasPrefix(option.dropLast()) } }
        if option.hasPrefix("--") || option.count != 2 {
            return options.contains { $0 == option || $0.hasPrefix(option + "=") }
        }
        let letter = option.last ?? "-"
        return options.contains { !$0.hasPrefix("--") && $0.dropFirst().contains(letter) }
    }

    // MARK: - The table, by kind of store

    /// From a client's name to what it speaks for and its destructive verbs.
    static let clients: [String: Client] = [
        containers, clusters, disks, clouds, databases, backups, packages,
    ]
    .reduce(into: [:]) { all, kind in all.merge(kind) { first, _ in first } }

    private static let containerVerbs: [Verb] = [
        .init("volume rm", "deletes NAME volumes"), .init("volume remove", "deletes NAME volumes"),
        .init("network rm", "deletes NAME networks"), .init("network remove", "deletes NAME networks"),
        .init("image rm", "deletes NAME images"), .init("image remove", "deletes NAME images"),
        .init("rmi", "deletes NAME images"), .init("compose down", "deletes NAME volumes", when: ["-v", "--volumes"]),
        .init("compose down", "deletes NAME images", when: ["--rmi"]),
        .init("system reset", "deletes every NAME container, image and volume"),
        .init("pod rm", "deletes NAME pods"), .init("secret rm", "deletes NAME secrets"),
        .init("service rm", "removes NAME services"), .init("stack rm", "removes NAME stacks"),
        .init("rm", "deletes NAME containers"), .init("remove", "deletes NAME containers"),
    ]

    /// Containers, images, volumes, networks, virtual machines. (`prune` is `ShellState`'s.)
    private static let containers: [String: Client] = [
        "docker": .init("Docker", containerVerbs), "podman": .init("Podman", containerVerbs),
        "nerdctl": .init("containerd", containerVerbs),
        "docker-compose": .init(
            "Compose",
            [
                .init("down", "deletes NAME volumes", when: ["-v", "--volumes"]),
                .init("down", "deletes NAME images", when: ["--rmi"]),
            ]),
        "skopeo": .init("registry", [.init("delete", "deletes an image from a NAME")]),
        "crane": .init("registry", [.init("delete", "deletes an image from a NAME")]),
        "crictl": .init(
            "CRI",
            [
                .init("rmi", "deletes NAME images"), .init("rmp", "deletes NAME pods"),
                .init("rm", "deletes NAME containers"),
            ]),
        "ctr": .init("containerd", [.init("rm", "deletes NAME objects"), .init("delete", "deletes NAME objects")]),
        "lxc": .init("LXD", [.init("delete", "deletes NAME instances or volumes")]),
        "incus": .init("Incus", [.init("delete", "deletes NAME instances or volumes")]),
        "multipass": .init(
            "Multipass", [.init("delete", "deletes NAME instances"), .init("purge", "purges deleted NAME instances")]),
        "vboxmanage": .init(
            "VirtualBox", [.init("unregistervm", "deletes a NAME machine", when: ["--delete", "--delete-all"])]),
        "VBoxManage": .init(
            "VirtualBox", [.init("unregistervm", "deletes a NAME machine", when: ["--delete", "--delete-all"])]),
        "vagrant": .init("Vagrant", [.init("destroy", "destroys NAME machines")]),
        "virsh": .init(
            "libvirt",
            [
                .init("undefine", "deletes a virtual machine"), .init("vol-delete", "deletes a NAME volume"),
                .init("pool-delete", "deletes a NAME storage pool"), .init("destroy", "forces a virtual machine off"),
            ]),
    ]

    private static let kubernetesVerbs: [Verb] = [
        .init("delete", "deletes cluster resources"), .init("drain", "drains a node, evicting its pods"),
        .init("apply", "deletes cluster resources the files do not name", when: ["--prune"]),
        .init("replace", "deletes and recreates cluster resources", when: ["--force"]),
    ]
    private static let clusterVerbs: [Verb] = [.init("delete", "deletes NAME clusters")]
    private static let infrastructureVerbs: [Verb] = [
        .init("destroy", "destroys infrastructure"),
        .init("apply", "destroys infrastructure", when: ["-destroy", "--destroy"]),
    ]

    /// Kubernetes, its packages and clusters, infrastructure as code.
    private static let clusters: [String: Client] = [
        "kubectl": .init("Kubernetes", kubernetesVerbs), "oc": .init("OpenShift", kubernetesVerbs),
        "microk8s": .init("Kubernetes", kubernetesVerbs), "k3s": .init("Kubernetes", kubernetesVerbs),
        "helm": .init(
            "Helm", ["uninstall", "delete", "del", "un"].map { .init($0, "uninstalls a NAME release") }),
        "minikube": .init("minikube", clusterVerbs), "kind": .init("kind", clusterVerbs),
        "k3d": .init("k3d", clusterVerbs), "eksctl": .init("EKS", clusterVerbs),
        "kubeadm": .init("Kubernetes", [.init("reset", "wipes this node's NAME state")]),
        "nomad": .init("Nomad", [.init("stop", "stops a NAME job and purges it", when: ["-purge", "--purge"])]),
        "terraform": .init("Terraform", infrastructureVerbs), "tofu": .init("OpenTofu", infrastructureVerbs),
        "pulumi": .init("Pulumi", infrastructureVerbs),
    ]

    private static let lvmVerbs: [Verb] = [
        .init("lvremove", "deletes an NAME logical volume"), .init("vgremove", "deletes an NAME volume group"),
        .init("pvremove", "erases an NAME physical volume"),
        .init("lvreduce", "shrinks an NAME logical volume, losing what lies past it"),
    ]

    /// Pools, volumes, filesystems and disks. LVM's commands are also programs of their own.
    private static let disks: [String: Client] = [
        "zfs": .init(
            "ZFS",
            [
                .init("destroy", "destroys a NAME dataset or snapshot"),
                .init("rollback", "rolls a NAME dataset back, losing later changes"),
            ]),
        "zpool": .init(
            "ZFS",
            [
                .init("destroy", "destroys a NAME pool"), .init("labelclear", "erases a NAME pool's label"),
                .init("remove", "removes a device from a NAME pool"),
            ]),
        "lvm": .init("LVM", lvmVerbs),
        "lvremove": .init("LVM", [.init("", lvmVerbs[0].does)]),
        "vgremove": .init("LVM", [.init("", lvmVerbs[1].does)]),
        "pvremove": .init("LVM", [.init("", lvmVerbs[2].does)]),
        "lvreduce": .init("LVM", [.init("", lvmVerbs[3].does)]),
        "btrfs": .init(
            "Btrfs",
            [
                .init("subvolume delete", "deletes a NAME subvolume"),
                .init("device remove", "removes a device from a NAME filesystem"),
                .init("device delete", "removes a device from a NAME filesystem"),
            ], abbreviates: true),
        "mdadm": .init(
            "RAID",
            [
                .init("", "erases a NAME member's superblock", when: ["--zero-superblock"]),
                .init("", "stops a NAME array", when: ["--stop", "-S"]),
            ]),
        "cryptsetup": .init(
            "LUKS",
            [
                .init("erase", "erases NAME keys, which makes the disk unreadable"),
                .init("luksErase", "erases NAME keys, which makes the disk unreadable"),
                .init("luksKillSlot", "erases a NAME key"), .init("luksRemoveKey", "erases a NAME key"),
            ]),
        "blkdiscard": .init("disk", [.init("", "discards every block of a NAME")]),
        "nvme": .init("NVMe", [.init("format", "erases an NAME disk"), .init("sanitize", "erases an NAME disk")]),
        "ceph": .init(
            "Ceph",
            [
                .init("pool delete", "deletes a NAME pool"), .init("pool rm", "deletes a NAME pool"),
                .init("fs rm", "deletes a NAME filesystem"),
            ]),
        "rbd": .init(
            "Ceph",
            [
                .init("rm", "deletes a NAME image"), .init("remove", "deletes a NAME image"),
                .init("purge", "deletes NAME snapshots"),
            ]),
        "gluster": .init("Gluster", [.init("volume delete", "deletes a NAME volume")]),
        "hdparm": .init("disk", [.init("", "erases a NAME", when: ["--security-erase*", "--trim-sector-ranges*"])]),
    ]

    private static let mirrors = "deletes from the destination whatever the source lacks"
    private static let cloudVerbs: [Verb] = [
        .init("delete", "deletes NAME resources"), .init("delete-*", "deletes NAME resources"),
        .init("destroy", "destroys NAME resources"), .init("purge", "purges NAME resources"),
    ]

    /// Buckets, objects, and a cloud's resources: any `delete` verb of its CLI.
    private static let clouds: [String: Client] = [
        "aws": .init(
            "AWS",
            [
                .init("s3 rb", "deletes an S3 bucket"),
                .init("s3 rm", "deletes S3 objects recursively", when: ["--recursive"]),
                .init("s3 rm", "deletes S3 objects"), .init("s3 sync", mirrors, when: ["--delete"]),
                .init("delete-*", "deletes NAME resources (VERB)"),
                .init("terminate-*", "terminates NAME instances (VERB)"),
                .init("purge-*", "purges an NAME queue"),
            ]),
        "gcloud": .init(
            "Google Cloud",
            [
                .init("storage rm", "deletes Cloud Storage objects"),
                .init("storage rsync", mirrors, when: ["--delete-unmatched-destination-objects"]),
                .init("delete", "deletes NAME resources"),
            ]),
        "gsutil": .init(
            "Cloud Storage",
            [
                .init("rb", "deletes a NAME bucket"), .init("rm", "deletes NAME objects"),
                .init("rsync", mirrors, when: ["-d"]),
            ]),
        "az": .init("Azure", cloudVerbs),
        "azcopy": .init(
            "Azure Storage",
            [
                .init("remove", "deletes NAME objects"), .init("rm", "deletes NAME objects"),
                .init("sync", mirrors, when: ["--delete-destination=true", "--delete-destination=prompt"]),
            ]),
        "mc": .init(
            "MinIO",
            [
                .init("rb", "deletes a NAME bucket"), .init("rm", "deletes NAME objects"),
                .init("mirror", mirrors, when: ["--remove"]),
            ]),
        "s3cmd": .init(
            "S3",
            [
                .init("rb", "deletes an NAME bucket"), .init("del", "deletes NAME objects"),
                .init("rm", "deletes NAME objects"), .init("sync", mirrors, when: ["--delete-removed"]),
            ]),
        "rclone": .init(
            "rclone",
            [
                .init("purge", "deletes a remote path and all it holds"),
                .init("delete", "deletes files from a remote"), .init("deletefile", "deletes a file from a remote"),
                .init("rmdirs", "deletes directories from a remote"), .init("sync", mirrors),
            ]),
        "b2": .init("B2", [.init("rm", "deletes NAME files"), .init("delete-*", "deletes NAME resources")]),
        "doctl": .init("DigitalOcean", cloudVerbs + [.init("rm", "deletes NAME resources")]),
        "openstack": .init("OpenStack", cloudVerbs), "hcloud": .init("Hetzner Cloud", cloudVerbs),
        "oci": .init("Oracle Cloud", cloudVerbs), "linode-cli": .init("Linode", cloudVerbs),
        "scw": .init("Scaleway", cloudVerbs), "ibmcloud": .init("IBM Cloud", cloudVerbs),
        "fly": .init("Fly", cloudVerbs), "flyctl": .init("Fly", cloudVerbs),
        "heroku": .init(
            "Heroku",
            [
                .init("apps:destroy", "destroys a NAME app"), .init("addons:destroy", "destroys a NAME add-on"),
                .init("pg:reset", "deletes every table of a NAME database"),
            ]),
        "firebase": .init(
            "Firebase",
            [.init("firestore:delete", "deletes NAME documents"), .init("database:remove", "deletes NAME data")]),
        "gh": .init(
            "GitHub",
            [.init("repo delete", "deletes a NAME repository"), .init("release delete", "deletes a NAME release")]),
        "glab": .init("GitLab", [.init("repo delete", "deletes a NAME repository")]),
        // Version control besides git (`RiskCheck+Git.swift`).
        "hg": .init(
            "Mercurial",
            [
                .init("strip", "deletes NAME commits"), .init("purge", "deletes untracked files"),
                .init("update", "throws away uncommitted changes", when: ["-C", "--clean"]),
                .init("revert", "throws away uncommitted changes", when: ["--all", "-a"]),
            ]),
        "svn": .init(
            "Subversion",
            [
                .init("revert", "throws away uncommitted changes", when: ["-R", "--recursive"]),
                .init("delete", "deletes NAME files"), .init("rm", "deletes NAME files"),
            ]),
    ]

    private static let redisVerbs: [Verb] = [
        .init("flushall", "deletes every NAME key"), .init("flushdb", "deletes every NAME key"),
        .init("del", "deletes NAME keys"), .init("unlink", "deletes NAME keys"),
        .init("shutdown", "stops the NAME server"),
    ]

    /// Databases, key-value stores and queues, through their admin tools. SQL and MongoDB
    /// statements, whichever client carries them, are `RiskCheck+Queries.swift`'s.
    private static let databases: [String: Client] = [
        "dropdb": .init("PostgreSQL", [.init("", "drops a database")]),
        "dropuser": .init("PostgreSQL", [.init("", "drops a NAME role")]),
        "pg_dropcluster": .init("PostgreSQL", [.init("", "deletes a NAME cluster and its data")]),
        "pg_restore": .init("PostgreSQL", [.init("", "drops objects before restoring them", when: ["-c", "--clean"])]),
        "mysqladmin": .init("MySQL", [.init("drop", "drops a database")]),
        "mariadb-admin": .init("MariaDB", [.init("drop", "drops a database")]),
        "mongorestore": .init("MongoDB", [.init("", "drops collections before restoring them", when: ["--drop"])]),
        "redis-cli": .init("Redis", redisVerbs), "valkey-cli": .init("Valkey", redisVerbs),
        "keydb-cli": .init("KeyDB", redisVerbs),
        "etcdctl": .init(
            "etcd",
            [.init("del", "deletes NAME keys"), .init("snapshot restore", "replaces NAME's data with a snapshot")]),
        "consul": .init(
            "Consul",
            [
                .init("kv delete", "deletes NAME keys"),
                .init("snapshot restore", "replaces NAME's data with a snapshot"),
            ]),
        "vault": .init(
            "Vault",
            [
                .init("kv destroy", "destroys NAME secrets"), .init("kv delete", "deletes NAME secrets"),
                .init("secrets disable", "disables a NAME secrets engine and deletes its secrets"),
                .init("delete", "deletes NAME secrets"),
            ]),
        "influx": .init("InfluxDB", [.init("delete", "deletes NAME data")]),
        "rabbitmqctl": .init(
            "RabbitMQ",
            [
                .init("delete_*", "deletes NAME data"), .init("purge_queue", "empties a NAME queue"),
                .init("reset", "deletes every NAME queue and message"),
                .init("force_reset", "deletes every NAME queue and message"),
            ]),
        "kafka-topics": .init("Kafka", [.init("", "deletes NAME topics", when: ["--delete"])]),
        "kafka-topics.sh": .init("Kafka", [.init("", "deletes NAME topics", when: ["--delete"])]),
        "ldapdelete": .init("LDAP", [.init("", "deletes NAME entries")]),
        "nats": .init(
            "NATS",
            [
                .init("stream rm", "deletes a NAME stream"), .init("stream purge", "empties a NAME stream"),
                .init("kv del", "deletes NAME keys"), .init("kv purge", "deletes NAME keys"),
                .init("kv rm", "deletes a NAME bucket"),
            ]),
        "zkCli.sh": .init("ZooKeeper", zookeeperVerbs), "zookeeper-shell": .init("ZooKeeper", zookeeperVerbs),
        "zkcli": .init("ZooKeeper", zookeeperVerbs),
    ]

    private static let zookeeperVerbs: [Verb] = [
        .init("deleteall", "deletes NAME nodes"), .init("rmr", "deletes NAME nodes"),
        .init("delete", "deletes NAME nodes"),
    ]

    /// Backups: deleting them leaves the data they hold with one copy fewer, or none.
    private static let backups: [String: Client] = [
        "restic": .init(
            "restic", [.init("forget", "deletes backup snapshots"), .init("prune", "deletes unreferenced backup data")]
        ),
        "borg": .init(
            "Borg",
            [.init("delete", "deletes backup archives"), .init("prune", "deletes backup archives")]),
        "kopia": .init("Kopia", [.init("snapshot delete", "deletes backup snapshots")]),
        "snapper": .init("Snapper", [.init("delete", "deletes filesystem snapshots")]),
        "timeshift": .init(
            "Timeshift", [.init("", "deletes filesystem snapshots", when: ["--delete", "--delete-all"])]),
        "tarsnap": .init("Tarsnap", [.init("", "deletes backup archives", when: ["-d", "--nuke"])]),
        "journalctl": .init("journal", [.init("", "deletes NAME logs", when: ["--vacuum-*"])]),
    ]

    private static let purgeVerbs: [Verb] = [
        .init("purge", "purges packages and their data"),
        .init("remove", "purges packages and their data", when: ["--purge"]),
        .init("autoremove", "purges packages and their data", when: ["--purge"]),
    ]

    /// Package removal, only when it takes the package's data with it.
    private static let packages: [String: Client] = [
        "apt": .init("apt", purgeVerbs), "apt-get": .init("apt", purgeVerbs), "aptitude": .init("apt", purgeVerbs),
        "dpkg": .init("dpkg", [.init("", "purges packages and their data", when: ["-P", "--purge"])]),
        "snap": .init("snap", [.init("remove", "purges packages and their data", when: ["--purge"])]),
        "flatpak": .init("Flatpak", [.init("uninstall", "deletes apps and their data", when: ["--delete-data"])]),
    ]

    /// `curl -X DELETE …`, `http DELETE …`: a request that deletes what the URL names.
    static func httpDelete(_ command: String, _ args: [String]) -> String? {
        guard ["curl", "wget", "http", "https", "xh", "xhs", "httpie"].contains(command) else { return nil }
        let deletes = args.contains { arg in
            let upper = arg.uppercased()
            return upper == "DELETE" || (arg.hasPrefix("-") && (upper.hasSuffix("=DELETE") || upper == "-XDELETE"))
        }
        if deletes { return "sends an HTTP DELETE" }
        if args.contains(where: { $0.contains("_delete_by_query") }) { return "deletes the documents a query matches" }
        return nil
    }
}
