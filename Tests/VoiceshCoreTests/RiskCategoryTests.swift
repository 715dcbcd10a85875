import Testing

@testable import VoiceshCore

/// Destruction is marked by what it destroys, whichever tool does it (issue 44): each table is
/// one category, each line is marked with its reason, and stays marked behind every prefix
/// that runs a command. The last table holds reads of the same paths and stores, unmarked.
struct RiskCategoryTests {
    typealias Case = (line: String, mark: String)

    /// `line` as the prefixes that run another command spell it.
    static func spellings(_ line: String) -> [String] {
        let quoted = "'" + line.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        return [
            "sudo \(line)", "doas \(line)", "env X=1 \(line)", "ls | xargs \(line)", "echo $(\(line))",
            "nohup \(line)", "timeout 5 \(line)", "true && \(line)", "sh -c \(quoted)",
        ]
    }

    func check(_ line: String, _ mark: String) {
        #expect(RiskCheck.reason(line) == mark, "\(line): \(RiskCheck.reason(line) ?? "unmarked")")
        for spelled in Self.spellings(line) {
            #expect(RiskCheck.reason(spelled) != nil, "\(spelled)")
        }
    }

    /// Recursive or forced deletion outside the working directory: absolute, home, `..`, a variable.
    static let outside: [Case] = [
        ("rm -rf /srv/app/*", "deletes /srv/app/* recursively"),
        ("rm -rf /var/lib/mysql", "deletes /var/lib/mysql recursively"),
        ("rm -r -f /usr/local/lib", "deletes /usr/local/lib recursively"),
        ("rm -rf /home/deploy", "deletes /home/deploy recursively"),
        ("rm -r /tmp/scratch/dir", "deletes /tmp/scratch/dir recursively"),
        ("rm --recursive --force /opt/app/releases", "deletes /opt/app/releases recursively"),
        ("rm -rf -- /data/postgres", "deletes /data/postgres recursively"),
        ("rm -rf ../shared", "deletes ../shared recursively"),
        ("rm -fr build/../../etc", "deletes build/../../etc recursively"),
        ("rm -rf ~/projects/site", "deletes ~/projects/site recursively"),
        ("rm -rf $HOME/.config", "deletes $HOME/.config recursively"),
        ("rm -rf \"$BUILD_DIR\"/out", "deletes $BUILD_DIR/out recursively, and voicesh cannot tell what that is"),
        ("rm -f /etc/ssh/sshd_config", "force-deletes /etc/ssh/sshd_config"),
        ("rm -f ../notes.txt", "force-deletes ../notes.txt"),
        ("rm /etc/passwd", "deletes /etc/passwd"),
        ("unlink /boot/vmlinuz", "deletes /boot/vmlinuz"),
    ]

    @Test(arguments: outside) func deletingOutsideTheWorkingDirectory(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Inside the working directory, when the deletion takes all of it.
    static let broad: [Case] = [
        ("rm -rf *", "deletes * recursively"), ("rm -rf .", "deletes . recursively"),
        ("rm -rf ./*", "deletes ./* recursively"), ("rm -rf */", "deletes */ recursively"),
        ("rm -rf .*", "deletes .* recursively"), ("rm -f *", "force-deletes *"),
        ("rm -r ./", "deletes ./ recursively"), ("rm -rf **/*", "deletes **/* recursively"),
    ]

    @Test(arguments: broad) func deletingAllOfTheWorkingDirectory(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Containers, images, volumes, networks and machines, through any container client.
    static let containers: [Case] = [
        ("docker rm -f $(docker ps -aq)", "deletes Docker containers"),
        ("docker container rm web", "deletes Docker containers"),
        ("docker -H tcp://prod:2376 rm -f web", "deletes Docker containers"),
        ("docker rmi nginx:latest", "deletes Docker images"),
        ("docker image rm app", "deletes Docker images"),
        ("docker volume rm pgdata", "deletes Docker volumes"),
        ("docker network rm backend", "deletes Docker networks"),
        ("docker compose down -v", "deletes Docker volumes"),
        ("docker compose -f prod.yml down --volumes", "deletes Docker volumes"),
        ("docker compose down --rmi all", "deletes Docker images"),
        ("docker-compose down -v", "deletes Compose volumes"),
        ("docker system prune -af", "docker system prune deletes whatever no container uses"),
        ("docker container prune -f", "docker container prune deletes whatever no container uses"),
        ("podman rm -a", "deletes Podman containers"),
        ("podman volume rm data", "deletes Podman volumes"),
        ("podman system reset", "deletes every Podman container, image and volume"),
        ("nerdctl rmi app", "deletes containerd images"),
        ("crictl rmp -a", "deletes CRI pods"),
        ("virsh undefine web --remove-all-storage", "deletes a virtual machine"),
        ("lxc delete web --force", "deletes LXD instances or volumes"),
        ("vagrant destroy -f", "destroys Vagrant machines"),
        ("VBoxManage unregistervm web --delete", "deletes a VirtualBox machine"),
        ("skopeo delete docker://registry/app:1", "deletes an image from a registry"),
    ]

    @Test(arguments: containers) func deletingContainersAndTheirData(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Kubernetes resources, releases, clusters and infrastructure.
    static let clusters: [Case] = [
        ("kubectl delete namespace prod", "deletes cluster resources"),
        ("kubectl -n prod delete pvc --all", "deletes cluster resources"),
        ("oc delete project staging", "deletes cluster resources"),
        ("microk8s kubectl delete deploy web", "deletes cluster resources"),
        ("kubectl drain node-1 --ignore-daemonsets", "drains a node, evicting its pods"),
        ("kubectl apply --prune -l app=web -f k8s/", "deletes cluster resources the files do not name"),
        ("helm uninstall web -n prod", "uninstalls a Helm release"),
        ("helm delete web", "uninstalls a Helm release"),
        ("minikube delete --all", "deletes minikube clusters"),
        ("kind delete cluster", "deletes kind clusters"),
        ("eksctl delete cluster --name prod", "deletes EKS clusters"),
        ("terraform destroy -auto-approve", "destroys infrastructure"),
        ("terraform apply -destroy", "destroys infrastructure"),
        ("pulumi destroy --yes", "destroys infrastructure"),
        ("kubeadm reset -f", "wipes this node's Kubernetes state"),
        ("nomad job stop -purge web", "stops a Nomad job and purges it"),
    ]

    @Test(arguments: clusters) func deletingClusterResources(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Pools, volumes, filesystems and disks.
    static let disks: [Case] = [
        ("zfs destroy -r tank/data", "destroys a ZFS dataset or snapshot"),
        ("zfs rollback -r tank/data@monday", "rolls a ZFS dataset back, losing later changes"),
        ("zpool destroy tank", "destroys a ZFS pool"),
        ("lvremove -f vg0/data", "deletes an LVM logical volume"),
        ("lvm lvremove vg0/data", "deletes an LVM logical volume"),
        ("vgremove vg0", "deletes an LVM volume group"),
        ("pvremove /dev/sdb", "erases an LVM physical volume"),
        ("btrfs subvolume delete /mnt/@home", "deletes a Btrfs subvolume"),
        ("btrfs sub del /mnt/snap", "deletes a Btrfs subvolume"),
        ("mdadm --zero-superblock /dev/sdb1", "erases a RAID member's superblock"),
        ("cryptsetup luksErase /dev/sdb", "erases LUKS keys, which makes the disk unreadable"),
        ("blkdiscard /dev/nvme0n1", "discards every block of a disk"),
        ("nvme format /dev/nvme0n1", "erases an NVMe disk"),
        ("sgdisk --zap-all /dev/sda", "sgdisk rewrites a disk"),
        ("ceph osd pool delete data data --yes-i-really-really-mean-it", "deletes a Ceph pool"),
        ("hdparm --security-erase-enhanced pw /dev/sda", "erases a disk"),
    ]

    @Test(arguments: disks) func destroyingPoolsVolumesAndDisks(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Buckets, objects and cloud resources.
    static let clouds: [Case] = [
        ("aws s3 rb s3://backups --force", "deletes an S3 bucket"),
        ("aws s3 rm s3://backups --recursive", "deletes S3 objects recursively"),
        ("aws --profile prod s3 rm s3://backups/db.tar", "deletes S3 objects"),
        ("aws ec2 terminate-instances --instance-ids i-1", "terminates AWS instances (terminate-instances)"),
        ("aws rds delete-db-instance --db-instance-identifier db", "deletes AWS resources (delete-db-instance)"),
        ("aws dynamodb delete-table --table-name orders", "deletes AWS resources (delete-table)"),
        ("gsutil -m rm -r gs://bucket", "deletes Cloud Storage objects"),
        ("gsutil rb gs://bucket", "deletes a Cloud Storage bucket"),
        ("gcloud storage rm -r gs://bucket", "deletes Cloud Storage objects"),
        ("gcloud compute instances delete web --zone europe-west1-b", "deletes Google Cloud resources"),
        ("gcloud sql instances delete db", "deletes Google Cloud resources"),
        ("az storage blob delete-batch -s logs --account-name acct", "deletes Azure resources"),
        ("az storage container delete -n logs", "deletes Azure resources"),
        ("az group delete -n prod --yes", "deletes Azure resources"),
        ("mc rb --force local/bucket", "deletes a MinIO bucket"),
        ("mc rm -r --force local/bucket", "deletes MinIO objects"),
        ("rclone purge remote:backups", "deletes a remote path and all it holds"),
        ("rclone delete remote:logs", "deletes files from a remote"),
        ("s3cmd del s3://bucket/key", "deletes S3 objects"),
        ("doctl compute droplet delete web", "deletes DigitalOcean resources"),
        ("gh repo delete me/app --yes", "deletes a GitHub repository"),
    ]

    @Test(arguments: clouds) func deletingBucketsObjectsAndCloudResources(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Databases and key-value stores: SQL in any client and quoting, admin tools, shells.
    static let databases: [Case] = [
        ("dropdb production", "drops a database"),
        ("mysqladmin -u root drop shop", "drops a database"),
        ("psql -c 'DROP DATABASE shop'", "drops a database"),
        ("psql -d shop -c 'DROP SCHEMA public CASCADE'", "drops a database"),
        ("mysql -e 'drop table users' shop", "drops a table"),
        ("sqlite3 app.db 'DROP TABLE users'", "drops a table"),
        ("echo 'DROP DATABASE x;' | mysql", "drops a database"),
        ("cqlsh -e 'DROP KEYSPACE shop'", "drops a database"),
        ("psql -c 'DELETE FROM users'", "deletes every row of a table"),
        ("mysql shop -e \"delete from orders;\"", "deletes every row of a table"),
        ("sqlite3 app.db \"DELETE FROM users\"", "deletes every row of a table"),
        ("psql -c 'TRUNCATE users'", "truncates a table"),
        ("mysql -e 'TRUNCATE TABLE sessions'", "truncates a table"),
        ("psql -c 'UPDATE users SET admin = true'", "changes every row of a table"),
        ("redis-cli FLUSHALL", "deletes every key of a store"),
        ("redis-cli -h cache -n 2 flushdb", "deletes every key of a store"),
        ("redis-cli DEL session:1", "deletes Redis keys"),
        ("mongosh --eval 'db.dropDatabase()'", "drops a MongoDB database"),
        ("mongo shop --eval 'db.users.drop()'", "drops a MongoDB collection"),
        ("mongosh shop --eval 'db.users.deleteMany({})'", "deletes MongoDB documents"),
        ("etcdctl del --prefix /registry", "deletes etcd keys"),
        ("consul kv delete -recurse app/", "deletes Consul keys"),
        ("vault kv delete secret/app", "deletes Vault secrets"),
        ("vault kv destroy -versions=1 secret/app", "destroys Vault secrets"),
        ("curl -X DELETE http://es:9200/logs", "sends an HTTP DELETE"),
        ("curl -XDELETE localhost:9200/_all", "sends an HTTP DELETE"),
        ("pg_restore --clean -d shop shop.dump", "drops objects before restoring them"),
        ("zkCli.sh -server zk:2181 deleteall /kafka", "deletes ZooKeeper nodes"),
        ("nats stream rm ORDERS -f", "deletes a NATS stream"),
        ("cp /dev/null app.sqlite", "empties app.sqlite"),
    ]

    @Test(arguments: databases) func droppingAndEmptyingDatabases(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Work that no commit or remote still holds: git's, and other version control's.
    static let git: [Case] = [
        ("git branch -D feature", "deletes the branch feature, merged or not"),
        ("git branch --delete --force old", "deletes the branch old, merged or not"),
        ("git push origin --delete feature", "deletes feature on the remote"),
        ("git push -d origin v1", "deletes v1 on the remote"),
        ("git reset --hard HEAD~3", "throws away uncommitted work"),
        ("git clean -fdx", "deletes untracked files"),
        ("git -C repo clean -f", "deletes untracked files"),
        ("git checkout -- .", "throws away uncommitted changes to ."),
        ("git checkout HEAD .", "throws away uncommitted changes to ."),
        ("git checkout -f main", "throws away uncommitted changes"),
        ("git restore .", "throws away uncommitted changes to ."),
        ("git restore --staged --worktree :/", "throws away uncommitted changes to :/"),
        ("git switch --discard-changes main", "throws away uncommitted changes"),
        ("git stash drop", "deletes stashed changes"),
        ("git stash clear", "deletes stashed changes"),
        ("git reflog expire --expire=now --all", "expires the reflog, so lost commits cannot be found"),
        ("git gc --prune=now", "git gc --prune=now deletes unreachable commits"),
        ("git rm -rf .", "deletes . recursively"),
        ("git filter-branch --tree-filter 'rm x' HEAD", "rewrites the whole history"),
        ("hg strip -r 42", "deletes Mercurial commits"),
        ("hg update -C default", "throws away uncommitted changes"),
        ("svn revert -R .", "throws away uncommitted changes"),
    ]

    @Test(arguments: git) func losingVersionControlWork(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Mirrors delete at the far end whatever the source lacks, wherever that end is.
    static let mirrors: [Case] = [
        ("rsync -a --delete src/ backup/", "rsync --delete deletes from backup/ whatever the source lacks"),
        (
            "rsync -av --delete-after ./site/ web:/var/www/",
            "rsync --delete deletes from web:/var/www/ whatever the source lacks"
        ),
        ("rsync -a --del a/ b/", "rsync --delete deletes from b/ whatever the source lacks"),
        ("aws s3 sync . s3://site --delete", "deletes from the destination whatever the source lacks"),
        ("rclone sync ./photos remote:photos", "deletes from the destination whatever the source lacks"),
        ("gsutil -m rsync -d -r . gs://site", "deletes from the destination whatever the source lacks"),
        ("mc mirror --remove local/a remote/b", "deletes from the destination whatever the source lacks"),
        ("s3cmd sync --delete-removed . s3://site", "deletes from the destination whatever the source lacks"),
    ]

    @Test(arguments: mirrors) func mirroringThatDeletes(_ line: String, mark: String) {
        check(line, mark)
    }

    /// A command run on another machine or in a container is read as if it ran here.
    static let elsewhere: [Case] = [
        ("ssh web 'rm -rf /srv/app'", "deletes /srv/app recursively"),
        ("ssh -p 2222 deploy@web sudo rm -rf /var/www", "deletes /var/www recursively"),
        ("kubectl exec db-0 -- rm -rf /var/lib/postgresql/data", "deletes /var/lib/postgresql/data recursively"),
        ("docker exec -it db rm -rf /var/lib/mysql", "deletes /var/lib/mysql recursively"),
        ("busybox rm -rf /data", "deletes /data recursively"),
    ]

    @Test(arguments: elsewhere) func destroyingElsewhere(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Backups, snapshots and logs: the copies to go back to.
    static let backups: [Case] = [
        ("restic forget --keep-last 1 --prune", "deletes backup snapshots"),
        ("borg delete ::archive", "deletes backup archives"),
        ("borg prune --keep-daily 1 /backup", "deletes backup archives"),
        ("snapper delete 1-100", "deletes filesystem snapshots"),
        ("timeshift --delete-all", "deletes filesystem snapshots"),
        ("journalctl --vacuum-time=1s", "deletes journal logs"),
    ]

    @Test(arguments: backups) func deletingBackupsAndSnapshots(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Package removal that takes the package's data with it.
    static let packages: [Case] = [
        ("apt purge mysql-server", "purges packages and their data"),
        ("apt-get remove --purge postgresql", "purges packages and their data"),
        ("dpkg -P nginx", "purges packages and their data"),
    ]

    @Test(arguments: packages) func purgingPackages(_ line: String, mark: String) {
        check(line, mark)
    }

    /// Reads of the same paths and stores, and deletions of a named thing here: unmarked.
    static let reads: [String] = [
        "du -sh /var/lib/mysql", "ls -la /srv/app", "tail -f /var/log/syslog", "grep -r foo /etc", "docker ps -a",
        "docker images", "kubectl get pods", "git branch -a", "aws s3 ls", "zfs list", "redis-cli GET k",
        "psql -c 'select 1'", "find /srv -name '*.log'", "rm -rf build", "rm -r ./tmp/x", "rm -f *.o", "rm notes.txt",
        "rm -rf node_modules dist", "docker volume ls", "docker run --rm alpine ls", "docker logs -f web",
        "kubectl describe pod web", "kubectl -n prod get pods", "helm list -A", "zpool status", "lvs",
        "btrfs subvolume list /", "aws s3 cp a.txt s3://bucket/a.txt", "gsutil ls gs://bucket",
        "gcloud compute instances list", "az group list", "mc ls local", "rclone ls remote:", "rclone copy a remote:b",
        "rsync -av src/ backup/", "psql -c 'DELETE FROM sessions WHERE expires < now()'",
        "mysql -e 'select * from users'", "sqlite3 app.db '.tables'", "mongosh --eval 'db.users.find()'",
        "redis-cli KEYS 'session:*'", "etcdctl get --prefix /registry", "consul kv get app/x",
        "vault kv get secret/app",
        "git checkout main", "git checkout -b feature", "git restore --staged .", "git stash list",
        "git reset --soft HEAD~1", "git branch -d merged", "git clean -n", "git gc", "git push -u origin feature",
        "git rm -r --cached .", "git log --oneline", "curl -X GET localhost:9200", "ssh web uptime",
        "kubectl exec db-0 -- ls /var/lib", "docker exec -it web bash", "apt remove nginx",
        "sudo apt-get update && sudo apt-get upgrade", "truncate -s +1M disk.img", "cp -r /etc/nginx backup/",
        "restic snapshots", "borg list /backup", "journalctl -u sshd -n 50", "hg status", "svn revert notes.txt",
        "cp /dev/null", "docker compose up -d", "kubeadm token list",
    ]

    @Test(arguments: reads) func readsStayUnmarked(_ line: String) {
        #expect(RiskCheck.reason(line) == nil, "\(line): \(RiskCheck.reason(line) ?? "")")
    }
}
